import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../api/db/database';
import { PUBLISHED_TABLES } from '../api/sources/embedded/writes/plannerStatistics';
import { CONTENT_DIR } from '../settings/contentDir';

/** What of content/ a copy holds: not its scripts, nor its README. */
const copied = (relative: string) =>
  !relative.split(path.sep).includes('scripts') && !relative.endsWith('README.md');

/** A copy of content/ to edit in a test (content/ itself is never touched): files by their path inside it. */
export class ContentFolderCopy {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'folio-content-'));

  constructor() {
    this.reset();
  }

  /**
   * Back to a copy of content/ as it is (what a test added is gone). What is in it is content/'s again, restored in place: a file that differs
   * is written again, one content/ lacks is removed, and folders stay. A
   * watcher of the folder (`npm run dev`'s) keeps watching every folder in it:
   * a folder removed and made again can be left unwatched by chokidar when the
   * machine is busy, and the next save in it goes unseen.
   */
  reset(): void {
    const wanted = new Map<string, Buffer>();
    const walk = (from: string, relative: string) => {
      for (const entry of readdirSync(from, { withFileTypes: true })) {
        const name = path.join(relative, entry.name);
        if (!copied(name)) continue;
        if (entry.isDirectory()) walk(path.join(from, entry.name), name);
        else wanted.set(name, readFileSync(path.join(from, entry.name)));
      }
    };
    walk(CONTENT_DIR, '');
    const prune = (relative: string) => {
      for (const entry of readdirSync(path.join(this.dir, relative), { withFileTypes: true })) {
        const name = path.join(relative, entry.name);
        const isFolder = entry.isDirectory();
        const kept = isFolder
          ? [...wanted.keys()].some((file) => file.startsWith(`${name}${path.sep}`))
          : wanted.has(name);
        if (!kept) rmSync(path.join(this.dir, name), { recursive: true, force: true });
        else if (isFolder) prune(name);
      }
    };
    prune('');
    for (const [name, bytes] of wanted) {
      const file = path.join(this.dir, name);
      // Only a plain file is read (a test may have left a FIFO, a folder or a link in its place).
      const found = lstatSync(file, { throwIfNoEntry: false });
      if (found?.isFile() && readFileSync(file).equals(bytes)) continue;
      if (found && !found.isFile()) rmSync(file, { recursive: true, force: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    }
  }

  read(file: string): string {
    return readFileSync(path.join(this.dir, file), 'utf8');
  }

  write(file: string, text: string): void {
    writeFileSync(path.join(this.dir, file), text);
  }

  /** Replaces `from` (which must be there) in a file. */
  edit(file: string, from: string | RegExp, to: string): void {
    const text = this.read(file);
    const edited = text.replace(from, to);
    if (edited === text) throw new Error(`${file} has no ${String(from)}`);
    this.write(file, edited);
  }

  remove(file: string): void {
    rmSync(path.join(this.dir, file));
  }

  /** content/'s own text of a file, to put it back. */
  restore(file: string): void {
    this.write(file, readFileSync(path.join(CONTENT_DIR, file), 'utf8'));
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Everything a publish may write, as one hash: equal before and after means nothing was written. */
export async function contentFingerprint(db: Pick<Database, 'query'>): Promise<string> {
  // Readers' votes too: a publish must never touch them.
  const tables = [...PUBLISHED_TABLES, 'article_votes'];
  const parts = tables
    .map((table) => `SELECT '${table}' || row_to_json(t)::text AS row FROM ${table} t`)
    .join(' UNION ALL ');
  const { rows } = await db.query<{ fingerprint: string }>(
    `SELECT md5(string_agg(row, '|' ORDER BY row)) AS fingerprint FROM (${parts}) rows`,
  );
  return rows[0]!.fingerprint;
}
