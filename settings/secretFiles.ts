import { readFileSync } from 'node:fs';

/**
 * Every setting that holds a secret. Each can also be given as a file:
 * `<NAME>_FILE` names a file that holds the value (Docker and Compose secrets
 * under /run/secrets/, a Kubernetes Secret mounted as a volume), so the
 * secret is never in the environment or the image. docs/operations.md#configuration.
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'FOLIO_PREVIEW_TOKEN',
  'FOLIO_PREVIEW_LINK_KEY',
  'FOLIO_WEBHOOK_SECRET',
  'FOLIO_UPSTREAM_GRAPHQL_TOKEN',
  'FOLIO_STRAPI_TOKEN',
  'FOLIO_CONTENTFUL_DELIVERY_TOKEN',
  'FOLIO_CONTENTFUL_PREVIEW_TOKEN',
] as const;
export type SecretSetting = (typeof SECRET_SETTINGS)[number];

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `env` with each of `names` whose `<NAME>_FILE` is set read from that file
 * (trailing line breaks trimmed: `echo secret > file` writes one). Setting
 * both, a file that cannot be read and an empty file each throw one line
 * naming the variable (and the path, never the value), which stops the start
 * like any other setting it cannot use.
 */
export function withSecretFiles(
  env: Environment,
  names: readonly SecretSetting[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): Environment {
  let resolved: Record<string, string | undefined> | undefined;
  for (const name of names) {
    const file = env[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    if (env[name] !== undefined && env[name] !== '')
      throw new Error(`${name} and ${name}_FILE are both set: set one of them.`);
    let text: string;
    try {
      text = read(file);
    } catch (error) {
      // "ENOENT: no such file or directory", without the path again.
      const { message } = error as { message?: string };
      const why = (message ?? String(error)).replace(/, \w+( '.*')?$/, '');
      throw new Error(`${name}_FILE names ${file}, which cannot be read (${why}).`);
    }
    const value = text.replace(/[\r\n]+$/, '');
    if (value === '') throw new Error(`${name}_FILE names ${file}, which is empty.`);
    resolved ??= { ...env };
    resolved[name] = value;
  }
  return resolved ?? env;
}
