import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOperationsSettings } from '../../settings/operationsSettings';
import { SECRET_SETTINGS, withSecretFiles, type SecretSetting } from '../../settings/secretFiles';
import { readServerSettings } from '../../settings/serverSettings';
import { readSourceSettings } from '../../settings/sourceSettings';
import { readStorageSettings } from '../../settings/storageSettings';

type Environment = Record<string, string | undefined>;

/** Each secret, the settings reader that reads it, and where its value lands. */
const READERS: Record<SecretSetting, (env: Environment) => unknown> = {
  DATABASE_URL: (env) => readStorageSettings(env).databaseUrl,
  FOLIO_PREVIEW_TOKEN: (env) => readServerSettings(env).previewToken,
  FOLIO_PREVIEW_LINK_KEY: (env) => readServerSettings(env).previewLinkKey,
  FOLIO_UPSTREAM_GRAPHQL_TOKEN: (env) => readServerSettings(env).upstreamToken,
  FOLIO_WEBHOOK_SECRET: (env) => readOperationsSettings(env).webhookSecret,
  FOLIO_STRAPI_TOKEN: (env) => {
    const settings = readSourceSettings({
      ...env,
      FOLIO_CONTENT_SOURCE: 'strapi',
      FOLIO_STRAPI_URL: 'http://127.0.0.1:1337',
    });
    return settings.kind === 'strapi' ? settings.token : undefined;
  },
  FOLIO_CONTENTFUL_DELIVERY_TOKEN: (env) => {
    const settings = readSourceSettings({
      FOLIO_CONTENTFUL_PREVIEW_TOKEN: 'preview-token',
      ...env,
      FOLIO_CONTENT_SOURCE: 'contentful',
      FOLIO_CONTENTFUL_SPACE_ID: 'space1',
    });
    return settings.kind === 'contentful' ? settings.deliveryToken : undefined;
  },
  FOLIO_CONTENTFUL_PREVIEW_TOKEN: (env) => {
    const settings = readSourceSettings({
      FOLIO_CONTENTFUL_DELIVERY_TOKEN: 'delivery-token',
      ...env,
      FOLIO_CONTENT_SOURCE: 'contentful',
      FOLIO_CONTENTFUL_SPACE_ID: 'space1',
    });
    return settings.kind === 'contentful' ? settings.previewToken : undefined;
  },
};

/** A value each setting accepts (the link key is at least 32 characters, the webhook secret 16). */
const valueFor = (name: SecretSetting) =>
  name === 'DATABASE_URL'
    ? 'postgres://folio:s3cret@db.example:5432/folio'
    : `${name.toLowerCase().replace(/_/g, '-')}-0123456789abcdef0123456789`;

describe('secret settings from files (<NAME>_FILE)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'folio-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const secretFile = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('covers every secret setting, each read by one settings reader', () => {
    expect(Object.keys(READERS).sort()).toEqual([...SECRET_SETTINGS].sort());
  });

  it.each(SECRET_SETTINGS)(
    '%s_FILE: the value is read from the file, its newline trimmed',
    (name) => {
      const file = secretFile(name, `${valueFor(name)}\n`);
      expect(READERS[name]({ [`${name}_FILE`]: file })).toBe(valueFor(name));
      // The variable itself still works, and the file's value is checked as the variable's would be.
      expect(READERS[name]({ [name]: valueFor(name) })).toBe(valueFor(name));
    },
  );

  it.each(SECRET_SETTINGS)('%s and its _FILE both set stop the start, named', (name) => {
    const file = secretFile(`${name}-both`, valueFor(name));
    expect(() => READERS[name]({ [name]: valueFor(name), [`${name}_FILE`]: file })).toThrow(
      `${name} and ${name}_FILE are both set: set one of them.`,
    );
  });

  it.each(SECRET_SETTINGS)(
    '%s_FILE naming a missing file stops the start with the path',
    (name) => {
      const file = path.join(dir, 'missing', name);
      expect(() => READERS[name]({ [`${name}_FILE`]: file })).toThrow(
        `${name}_FILE names ${file}, which cannot be read (ENOENT: no such file or directory).`,
      );
    },
  );

  it('trims trailing line breaks only; an empty file or a folder is refused', () => {
    const read = (text: string) =>
      withSecretFiles({ FOLIO_PREVIEW_TOKEN_FILE: secretFile('token', text) }, [
        'FOLIO_PREVIEW_TOKEN',
      ]).FOLIO_PREVIEW_TOKEN;
    expect(read('abc\r\n')).toBe('abc');
    expect(read('abc\n\n')).toBe('abc');
    expect(read(' a b ')).toBe(' a b ');
    expect(() => read('\n')).toThrow(
      `FOLIO_PREVIEW_TOKEN_FILE names ${path.join(dir, 'token')}, which is empty.`,
    );
    expect(() => withSecretFiles({ DATABASE_URL_FILE: dir }, ['DATABASE_URL'])).toThrow(
      `DATABASE_URL_FILE names ${dir}, which cannot be read (EISDIR: illegal operation on a directory).`,
    );
  });

  it('leaves the environment as it is when no file is named, and never changes it', () => {
    const env = { FOLIO_PREVIEW_TOKEN: 'token', FOLIO_PREVIEW_TOKEN_FILE: '' };
    expect(withSecretFiles(env, SECRET_SETTINGS)).toBe(env);
    const given = { DATABASE_URL_FILE: secretFile('url', 'postgres://x@y/z\n') };
    expect(withSecretFiles(given, SECRET_SETTINGS).DATABASE_URL).toBe('postgres://x@y/z');
    expect(given).toEqual({ DATABASE_URL_FILE: path.join(dir, 'url') });
  });
});
