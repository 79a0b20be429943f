import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readContentFiles } from '../../api/publishing/readContentFiles';
import { readContentTranslations } from '../contentTranslations';
import { demoSpace } from './demoSpace';

/**
 * Writes Folio's seed content as a file Contentful's CLI imports into a space
 * that already has Folio's content model (README.md, "A demo space"):
 *
 *   npx tsx cms/contentful/writeDemoContent.ts [--out .data/contentful-demo]
 *
 * makes `<out>/demo-content.json` (entries, assets, locales) and
 * `<out>/assets/`, the image files where `contentful space import
 * --upload-assets --assets-directory <out>/assets` looks for them (the path
 * of each asset's URL after `//`). Generated on demand, never committed: it
 * follows content/ whatever the writers change there. Prints the files'
 * paths on stdout; errors on stderr, exit 1.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: path.resolve(__dirname, '../../.data/contentful-demo') },
    },
  });
  const out = path.resolve(values.out);
  const space = await demoSpace(readContentFiles(), { translations: readContentTranslations() });
  const assetsDir = path.join(out, 'assets');
  for (const [url, file] of space.files) {
    const target = path.join(assetsDir, decodeURIComponent(url.replace(/^[a-z]*:?\/\//, '')));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  const contentFile = path.join(out, 'demo-content.json');
  writeFileSync(
    contentFile,
    `${JSON.stringify({ entries: space.entries, assets: space.assets, locales: space.locales }, null, 2)}\n`,
  );
  process.stdout.write(`${contentFile}\n${assetsDir}\n`);
  process.stderr.write(`${space.entries.length} entries, ${space.assets.length} assets\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `writeDemoContent: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
