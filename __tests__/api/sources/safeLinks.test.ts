import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import type { ContentSource } from '../../../api/sources/contentSource';
import { sourceRenderer } from '../../support/sourceRenderer';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 26 (5): a link a CMS or a content file supplies reaches no `href`
 * unless it passes the safe-link rule, checked where content leaves its
 * source (api/sources/safeLinks.ts), whichever source it is.
 */
const UNSAFE = [
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/',
  'javascript:alert(1)',
  ' java\nscript:alert(1)',
  '\\\\evil.example',
];

/** The embedded source, with a CMS's bad links added to the site's navigation and footer and the home page's blocks. */
function withHostileLinks(source: ContentSource): ContentSource {
  return {
    ...source,
    reader: (options) => {
      const reader = source.reader(options);
      const hostile = UNSAFE.map((url, index) => ({ label: `Hostile ${index}`, url }));
      return {
        ...reader,
        site: async () => {
          const site = await reader.site();
          return {
            ...site,
            navigation: [...site.navigation, ...hostile],
            footer: [...site.footer, ...hostile],
          };
        },
        page: async (by) => {
          const page = await reader.page(by);
          return (
            page && {
              ...page,
              blocks: page.blocks.map((block) =>
                block.__typename === 'HeroBlock'
                  ? { ...block, callToAction: { label: 'Go', url: UNSAFE[0]! } }
                  : block.__typename === 'CalloutBlock'
                    ? { ...block, link: { label: 'Go', url: UNSAFE[1]! } }
                    : block,
              ),
            }
          );
        },
      };
    },
  };
}

let site: TestServer;
beforeAll(async () => {
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    contentSource: (db, services) => withHostileLinks(createEmbeddedSource(db, services)),
  });
});
afterAll(() => site.close());

it('leaves out of the site’s navigation and footer every link that is not http(s), mailto or a path', async () => {
  const html = await (await fetch(`${site.url}/`)).text();
  expect(html).toContain('href="/articles"');
  for (const index of UNSAFE.keys()) expect(html).not.toContain(`Hostile ${index}`);
  expect(html).not.toMatch(/href="(data:|\/\/|javascript:|\\)/);
});

it('leaves out a hero’s or a callout’s link that is not safe', async () => {
  for (const path of ['/', '/about', '/start-here']) {
    const html = await (await fetch(`${site.url}${path}`)).text();
    expect(html).not.toMatch(/href="(data:|\/\/evil)/);
  }
});
