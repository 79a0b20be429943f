import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { chromiumPath } from '../harness/chromium';

export interface MachineInfo {
  cpuModel: string;
  cpuCount: number;
  memory: string;
  os: string;
  node: string;
  chromium: string;
  date: string;
  load: string;
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
    return `${pretty ?? os.type()} (kernel ${os.release()}, ${os.arch()})`;
  } catch {
    return `${os.type()} ${os.release()} (${os.arch()})`;
  }
}

/** `chromium --version`, as the report must name the browser. */
export function chromiumVersion(): string {
  try {
    const output = execFileSync(chromiumPath(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 20_000,
    });
    return output.trim().split('\n').at(-1) ?? 'unknown';
  } catch (error) {
    return `not found at ${chromiumPath()} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

/** `AMD EPYC (family 25, model 1), 2445 MHz, virtual machine` from /proc/cpuinfo where it is readable. */
function cpuDescription(model: string, mhz: number): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (name: string) =>
      new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(info)?.[1]?.trim();
    const family = field('cpu family');
    const number = field('model');
    const virtual = /\bhypervisor\b/.test(field('flags') ?? '');
    const speed = mhz > 0 ? mhz : Math.round(Number(field('cpu MHz') ?? 0));
    return `${model}${family ? ` (family ${family}, model ${number ?? '?'})` : ''}, ${speed} MHz${virtual ? ', virtual machine' : ''}`;
  } catch {
    return `${model}, ${mhz} MHz`;
  }
}

const loadNow = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/** What the machine is, taken at the start of a run; `finish` adds the load at the end. */
export function describeMachine(): { info: MachineInfo; finish: () => void } {
  const cpus = os.cpus();
  const info: MachineInfo = {
    cpuModel: cpuDescription(cpus[0]?.model.trim() ?? 'unknown', cpus[0]?.speed ?? 0),
    cpuCount: cpus.length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: osName(),
    node: process.version,
    chromium: chromiumVersion(),
    date: new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
    load: loadNow(),
  };
  const start = info.load;
  return { info, finish: () => void (info.load = `${start} / ${loadNow()}`) };
}
