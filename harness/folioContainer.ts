/** The user the image runs as (Dockerfile: `USER 10001`), who owns /data/folio. */
export const IMAGE_USER = '10001';

export interface FolioContainer {
  name: string;
  image: string;
  /** The readers' port, on the host's network. */
  port: number;
  /** What is mounted at /data: a named volume or a host folder (none: a container that must fail before it writes). */
  data?: string;
  /** Further `podman run` options: more volumes, `--env NAME=value`… */
  options?: readonly string[];
}

/**
 * `podman run` arguments that run Folio's image as production does
 * (docs/operations.md#deploying): detached, a read-only root with a tmpfs
 * /tmp, uid 10001, /data from outside, on the host's network with `PORT`.
 * The image test (__tests__/deploy/image.test.ts) and the image bench
 * (bench/image.ts) both start it this way, so what is measured is what is tested.
 */
export function folioRunArguments(container: FolioContainer): string[] {
  return [
    'run',
    '--detach',
    '--name',
    container.name,
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--user',
    IMAGE_USER,
    ...(container.data ? ['--volume', `${container.data}:/data`] : []),
    '--network',
    'host',
    '--env',
    `PORT=${container.port}`,
    ...(container.options ?? []),
    container.image,
  ];
}
