import { freePort } from '../../harness/siteProcess';
import { startVarnish, varnishdPath } from '../../harness/varnishProcess';

/** Whether Varnish is installed here (scripts/ci-varnish.sh): the tests through it skip without. */
export const varnishInstalled = () => varnishdPath() !== null;

/**
 * Runs `use` with the origin of a Varnish started for it, with the reference
 * VCL in front of the e2e server (deploy/varnish/), and stops that Varnish after.
 */
export async function throughVarnish<T>(use: (origin: string) => Promise<T>): Promise<T> {
  const backend = new URL(process.env.FOLIO_E2E_URL!);
  const varnish = await startVarnish({ backendPort: Number(backend.port), port: await freePort() });
  try {
    return await use(varnish.url);
  } finally {
    await varnish.stop();
  }
}
