import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser's catalogs (scripts/webpack/clientCatalog.js): each locale's
 * compiled catalog without the messages only the server writes, every other
 * message as compiled; and no client code asks for one of those.
 */
interface ClientCatalogModule {
  clientCatalog: (source: string) => string;
  SERVER_ONLY_MESSAGES: string[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config's own CommonJS module
const catalogModule = require('../../../scripts/webpack/clientCatalog') as ClientCatalogModule;
const { clientCatalog, SERVER_ONLY_MESSAGES } = catalogModule;

const root = path.resolve(__dirname, '../../..');
const generated = path.join(root, 'src/i18n/__generated__');
const serverOnly = (id: string) => SERVER_ONLY_MESSAGES.some((prefix) => id.startsWith(prefix));

/** The messages a catalog module holds, read as the bundle would (its JSON.parse("…") evaluated). */
function messagesOf(source: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\[\s\S])*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('no JSON.parse("…") in the catalog');
  return JSON.parse(new Function(`return ${literal}`)() as string) as Record<string, unknown>;
}

describe.each(['en', 'de'])('the %s catalog in the browser', (locale) => {
  const source = readFileSync(path.join(generated, `${locale}.ts`), 'utf8');
  const whole = messagesOf(source);
  const client = messagesOf(clientCatalog(source));

  it('has none of the server’s own messages (there are some to leave out)', () => {
    expect(Object.keys(whole).filter(serverOnly).length).toBeGreaterThan(0);
    expect(Object.keys(client).filter(serverOnly)).toEqual([]);
  });

  it('has every other message as compiled', () => {
    expect(client).toEqual(
      Object.fromEntries(Object.entries(whole).filter(([id]) => !serverOnly(id))),
    );
  });
});

/** Every source file under a folder. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : files(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

it('no client code asks for a message only the server has', () => {
  const asked = files(path.join(root, 'src')).flatMap((file) =>
    SERVER_ONLY_MESSAGES.filter((prefix) => readFileSync(file, 'utf8').includes(`'${prefix}`)).map(
      (prefix) => `${path.relative(root, file)}: ${prefix}…`,
    ),
  );
  expect(asked).toEqual([]);
});
