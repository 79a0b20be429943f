// Checks `npm run dev`'s loop in a real browser (issue 14), against a dev
// server already running (`npm run dev`, PORT default 4000):
//   1. a fragment edit shows the new field with no full page reload and no
//      "definition … appears to have changed" warning;
//   2. a fragment naming an unknown field shows the compiler's error in the
//      browser's overlay, and the overlay clears when the edit is undone;
//   3. a type error shows in the overlay the same way;
//   4. a saved Markdown file of content/ is published by the API and shows on
//      the open page with no reload (issue 21); a broken one changes nothing on
//      the page and its problem (file:line) reaches the browser's console.
// It edits src/Apps/Article/ArticleHeader.tsx and content/articles/reading-the-tides.md,
// and always puts them back.
//   node scripts/check-dev-loop.mjs [http://127.0.0.1:4000]
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 4000}`;
const FILE = 'src/Apps/Article/ArticleHeader.tsx';
const original = readFileSync(FILE, 'utf8');
const ARTICLE = 'content/articles/reading-the-tides.md';
const article = readFileSync(ARTICLE, 'utf8');
const withField = (field, shown) =>
  original
    .replace(
      '        title\n        summary\n',
      `        title\n        summary\n        ${field}\n`,
    )
    .replace(
      '<p className="article-header__summary">{data.summary}</p>',
      `<p className="article-header__summary">{data.summary}</p>\n      <p data-dev-loop>${shown}</p>`,
    );

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results = [];
try {
  const page = await browser.newPage();
  const messages = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  let documents = 0;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && (documents += 1));
  await page.goto(`${base}/articles/reading-the-tides`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => (globalThis.devLoopMarker = true));
  const loads = documents;

  // 1. A new field, hot.
  const saved = Date.now();
  writeFileSync(FILE, withField('readingTimeMinutes', '{data.readingTimeMinutes} minutes, hot'));
  await page
    .locator('[data-dev-loop]')
    .filter({ hasText: 'minutes, hot' })
    .waitFor({ timeout: 30_000 });
  const shownAfter = Date.now() - saved;
  const kept = await page.evaluate(() => globalThis.devLoopMarker === true);
  const stale = messages.filter((text) => /appears to have changed/.test(text));
  if (process.env.DEBUG_DEV_LOOP) console.log(messages.join('\n'));
  results.push({
    check: 'fragment edit hot-updates',
    shownAfterMs: shownAfter,
    fullReloads: documents - loads,
    stateKept: kept,
    staleDefinitionWarnings: stale.length,
    ok: kept && documents === loads && stale.length === 0,
  });

  // 2. An unknown field: the compiler's words in the overlay, gone on fix.
  writeFileSync(FILE, withField('subtitle', '{String(data.subtitle)}'));
  const overlay = page.frameLocator('#webpack-dev-server-client-overlay');
  await overlay
    .getByText(/subtitle/)
    .first()
    .waitFor({ timeout: 30_000 });
  const overlayText = (await overlay.locator('body').innerText()).slice(0, 400);
  writeFileSync(FILE, original);
  await page
    .locator('#webpack-dev-server-client-overlay')
    .waitFor({ state: 'detached', timeout: 30_000 });
  results.push({
    check: 'compiler error in the overlay, cleared on fix',
    overlay: overlayText,
    fullReloads: documents - loads,
    ok: /subtitle/.test(overlayText) && documents === loads,
  });

  // 3. A type error: TypeScript's words in the overlay, gone on fix.
  writeFileSync(
    FILE,
    original.replace(
      '  return (\n    <header',
      '  const devLoopTitle: number = data.title;\n  return (\n    <header',
    ),
  );
  await overlay
    .getByText(/TS2322/)
    .first()
    .waitFor({ timeout: 60_000 });
  const typeError = (await overlay.locator('body').innerText()).slice(0, 300);
  writeFileSync(FILE, original);
  await page
    .locator('#webpack-dev-server-client-overlay')
    .waitFor({ state: 'detached', timeout: 60_000 });
  results.push({
    check: 'type error in the overlay, cleared on fix',
    overlay: typeError,
    ok: /devLoopTitle/.test(typeError),
  });

  // 4. A Markdown save: published by the API, shown without a reload.
  const before = documents;
  const summary = page.locator('.article-header__summary');
  const edited = article.replace(
    /^summary: (.*)$/m,
    'summary: Edited in Markdown, published on save. $1',
  );
  const writtenAt = Date.now();
  writeFileSync(ARTICLE, edited);
  await summary
    .filter({ hasText: 'Edited in Markdown, published on save.' })
    .waitFor({ timeout: 30_000 });
  const markdownShownAfter = Date.now() - writtenAt;
  const stillKept = await page.evaluate(() => globalThis.devLoopMarker === true);
  // A broken save: nothing changes on the page, the problem reaches the console.
  const warnings = messages.length;
  writeFileSync(ARTICLE, edited.replace(/^status: published$/m, 'status: live'));
  const rejected = await waitFor(
    () => messages.slice(warnings).find((text) => text.includes('was not published')),
    30_000,
  );
  const keptText = await summary.innerText();
  writeFileSync(ARTICLE, article);
  await summary.filter({ hasNotText: 'Edited in Markdown' }).waitFor({ timeout: 30_000 });
  results.push({
    check: 'Markdown save published and shown without a reload',
    shownAfterMs: markdownShownAfter,
    fullReloads: documents - before,
    stateKept: stillKept,
    brokenSave: rejected?.split('\n').slice(0, 2).join(' '),
    ok:
      stillKept &&
      documents === before &&
      /reading-the-tides\.md:\d+: status is draft, published or archived/.test(rejected ?? '') &&
      keptText.includes('Edited in Markdown'),
  });
  await page.screenshot({ path: '/tmp/dev-loop.png' });
} finally {
  writeFileSync(FILE, original);
  writeFileSync(ARTICLE, article);
  await browser.close();
}
console.log(JSON.stringify(results, null, 2));

/** The first truthy value of `probe`, polled, or undefined after `ms`. */
async function waitFor(probe, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
