import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * CPU time of another process on Linux (/proc), to say how much of the
 * machine the server used during a load test. Everything returns null where
 * /proc is not readable, and the report then leaves the figure out.
 */

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux x86 and arm). */
const TICKS_PER_SECOND = 100;

function listeningInode(port: number): string | null {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of table.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
      if (localPort === port && fields[3] === '0A') return fields[9] ?? null;
    }
  }
  return null;
}

/** The process listening on 127.0.0.1:`port` (found by its socket's inode). */
export function listenerPid(port: number): number | null {
  const inode = listeningInode(port);
  if (!inode) return null;
  const target = `socket:[${inode}]`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === target) return Number(entry);
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

/** User + system CPU seconds `pid` has used so far (all its threads). */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds of this process so far. */
export function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** Sum of the run time of every thread of `pid` (/proc/<pid>/task/<tid>/schedstat, first field, nanoseconds). */
function schedstatNs(pid: number): number | null {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(total) ? total : null;
  } catch {
    return null;
  }
}

/** schedstat reports real figures here (this process has run, so its own total is not 0). */
const SCHEDSTAT_WORKS = (schedstatNs(process.pid) ?? 0) > 0;

/**
 * CPU seconds `pid` has used so far, all threads: schedstat's nanoseconds
 * where available (a single render is a few milliseconds, below /proc/<pid>/stat's
 * 10 ms tick), else processCpu.ts's tick count.
 */
export function serverCpuSeconds(pid: number): number | null {
  if (SCHEDSTAT_WORKS) {
    const ns = schedstatNs(pid);
    if (ns !== null) return ns / 1e9;
  }
  return cpuSeconds(pid);
}

export const CPU_SOURCE = SCHEDSTAT_WORKS
  ? '/proc/<pid>/task/*/schedstat (nanoseconds, every thread)'
  : '/proc/<pid>/stat (10 ms ticks)';
