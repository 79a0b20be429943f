import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../server/ops/logger';
import { describeOnPostgres } from '../support/describeOnPostgres';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 36: a data folder that cannot be written (a full disk) is invisible no
 * more: `/readyz` answers 503 saying why, the cause is logged once, images
 * are still served (their cache skipped), and the server is ready again once
 * there is room. The data folder is a small tmpfs
 * of its own (mounted as root, as CI runs), over PostgreSQL.
 */
function mountTinyDisk(): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

describeOnPostgres('a full data disk', (serverUrl) => {
  const disk = mountTinyDisk();
  const lines: { level: string; msg: string }[] = [];
  let site: TestServer;

  beforeAll(async () => {
    if (!disk) return;
    site = await startTestServer({
      databaseUrl: serverUrl,
      dataDir: disk,
      logger: createLogger(
        { logLevel: 'info', logFormat: 'json' },
        { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
      ),
    });
  });
  afterAll(async () => {
    await site?.close();
    if (disk) {
      execFileSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  });

  const ready = async () => {
    const response = await fetch(`${site.url}/readyz`);
    return { status: response.status, body: (await response.json()) as { reason?: string } };
  };

  (disk || process.env.CI ? it : it.skip)(
    'makes /readyz fail with the cause, logged once, until there is room again',
    async () => {
      expect(disk).not.toBeNull();
      expect((await ready()).status).toBe(200);
      // Fill the disk to its last byte.
      const filler = path.join(disk!, 'filler');
      try {
        writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024));
      } catch {
        // ENOSPC: it is full now
      }
      await eventually(async () =>
        expect(await ready()).toEqual({
          status: 503,
          body: { status: 'not ready', reason: 'the data folder cannot be written (ENOSPC)' },
        }),
      );
      // An image not resized before is still served: kept nowhere, said once in the log.
      for (const width of [320, 640]) {
        const image = await fetch(
          `${site.url}/images/hero-reading-the-tides.jpg?w=${width}&fm=webp`,
        );
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
      }
      expect(
        lines.filter((line) =>
          line.msg.startsWith('image cache: resized images cannot be kept (ENOSPC)'),
        ),
      ).toHaveLength(1);
      // Asked again and again: said in the log once.
      for (let probe = 0; probe < 3; probe += 1) await ready();
      await eventually(async () => expect((await ready()).status).toBe(503), 3_000);
      expect(
        lines.filter((line) => line.msg === 'the data folder cannot be written (ENOSPC)'),
      ).toHaveLength(1);
      rmSync(filler);
      await eventually(async () => expect((await ready()).status).toBe(200));
      expect(lines.some((line) => line.msg === 'the data folder can be written again')).toBe(true);
    },
  );
});
