import type { ResolvedChange } from '../../api/changes/changeKeys';
import { readStrapiNotification } from '../../api/sources/strapi/strapiNotifications';
import { createStrapiSource } from '../../api/sources/strapi/strapiSource';
import { readContentTranslations } from '../../cms/contentTranslations';
import { eventually } from '../support/eventually';
import { sourceRenderer } from '../support/sourceRenderer';
import { describeOnStrapi, strapiWriter } from '../support/strapiUnderTest';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issues 20 and 21 end to end: an edit saved and published in the real
 * local Strapi reaches a reader of Folio's cached page at once, through the
 * webhook `npm run cms:strapi` registered (Strapi → POST /hooks/content →
 * one change event → the kept page dropped). Strapi calls the address it
 * was started with: scripts/ci-strapi.sh starts it with
 * FOLIO_WEBHOOK_URL on `FOLIO_TEST_STRAPI_WEBHOOK_PORT`, where this test
 * serves Folio.
 */
const SLUG = 'why-onions-make-you-cry';
/** Far longer than the test: only a change event can refresh the kept page. */
const KEPT_MS = 10 * 60_000;
/** How long the test waits for Strapi's webhook. How fast it is lives in bench/freshness.ts, not here. */
const WAIT_MS = 20_000;
const webhookPort = Number(process.env.FOLIO_TEST_STRAPI_WEBHOOK_PORT);
/** The same article's German version (content/articles/why-onions-make-you-cry.de.md). */
const GERMAN = readContentTranslations().articles.find(
  (translation) => translation.locale === 'de' && translation.original.slug === SLUG,
)!;

describe('a Strapi webhook names the locale its entry is in', () => {
  // Strapi fires once per locale's row, naming it (`entry.locale`): docs/sources.md#webhooks.
  const publish = (entry: Record<string, unknown>) =>
    readStrapiNotification(
      { 'x-strapi-event': 'entry.publish' },
      {
        event: 'entry.publish',
        model: 'article',
        entry: {
          documentId: 'z9pg2czzgknhu2wn8n4hex6y',
          publishedAt: '2026-11-26T00:00:00.000Z',
          ...entry,
        },
      },
    );
  it('entry.locale "de": a change of that record in German', () => {
    expect(publish({ locale: 'de' })).toEqual({
      kind: 'change',
      cms: 'strapi',
      event: 'entry.publish',
      records: [{ type: 'Article', id: 'z9pg2czzgknhu2wn8n4hex6y', locale: 'de' }],
      listsChanged: true,
    });
  });
  it('no locale, or one the site does not have: a change in every locale', () => {
    for (const entry of [{}, { locale: 'fr' }, { locale: 42 }])
      expect(publish(entry)).toMatchObject({
        kind: 'change',
        records: [{ type: 'Article', id: 'z9pg2czzgknhu2wn8n4hex6y' }],
      });
    expect(publish({ locale: 'fr' })).not.toHaveProperty('records.0.locale');
  });
});

describeOnStrapi('an edit published in Strapi', (variables, settings) => {
  if (!webhookPort) {
    it('needs the port Strapi’s webhook calls (FOLIO_TEST_STRAPI_WEBHOOK_PORT, set by scripts/ci-strapi.sh)', () => {
      if (process.env.CI) throw new Error('FOLIO_TEST_STRAPI_WEBHOOK_PORT is not set');
    });
    return;
  }
  let site: TestServer;
  let documentId: string;
  let title: string;
  const dropped: ResolvedChange[] = [];

  const strapi = strapiWriter(settings);
  const retitle = (to: string, locale = 'en') =>
    strapi('PUT', `/api/articles/${documentId}?status=published&locale=${locale}`, {
      data: { title: to },
    });
  const page = async () => (await fetch(`${site.url}/articles/${SLUG}`)).text();

  beforeAll(async () => {
    site = await startTestServer({
      port: webhookPort,
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      searchRefreshMs: 0,
      readerCacheTtlMs: KEPT_MS,
      changes: { onDropped: (change) => dropped.push(change) },
      webhookSecret: variables.FOLIO_WEBHOOK_SECRET,
      contentSource: (db) => createStrapiSource(settings, db, () => undefined),
    });
    const found = (
      await strapi(
        'GET',
        `/api/articles?filters[slug][$eq]=${SLUG}&fields[0]=title&status=published`,
      )
    )?.data as { documentId: string; title: string }[];
    documentId = found[0]!.documentId;
    title = found[0]!.title;
  }, 60_000);
  afterAll(async () => {
    if (documentId && title) await retitle(title);
    if (documentId) await retitle(GERMAN.title, 'de');
    await site?.close();
  });

  it(
    'a German version published: its webhook names German, and German keys alone are dropped',
    async () => {
      dropped.length = 0;
      await retitle(`${GERMAN.title} (${Date.now().toString(36)})`, 'de');
      const german = `a/${GERMAN.slug}@de`;
      await eventually(
        async () => expect(dropped.some((change) => change.keys.includes(german))).toBe(true),
        WAIT_MS,
        50,
      );
      const changes = dropped.filter((change) => change.keys.includes(german));
      expect(changes.flatMap((change) => change.keys)).not.toContain(`a/${SLUG}`);
    },
    WAIT_MS + 10_000,
  );

  it(
    'is on the reader’s page once Strapi has published it, though the page is kept for ten minutes',
    async () => {
      expect(await page()).toContain(title);
      const kept = await fetch(`${site.url}/articles/${SLUG}`);
      expect(kept.headers.get('surrogate-key')).toBeTruthy();

      const corrected = `${title} (corrected ${Date.now().toString(36)})`;
      await retitle(corrected);
      await eventually(async () => expect(await page()).toContain(corrected), WAIT_MS, 50);
      // Dropped by the change event Strapi's webhook announced, naming the article and its page.
      expect(
        dropped.some((change) => change.source === 'strapi' && change.keys.includes(`a/${SLUG}`)),
      ).toBe(true);
    },
    WAIT_MS + 10_000,
  );
});
