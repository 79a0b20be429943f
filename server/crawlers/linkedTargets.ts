import type { Database } from '../../api/db/database';
import { fromGlobalId, toGlobalId } from '../../api/schema/globalId';
import { visibleArticle, visiblePage } from '../../api/data/visibility';
import { articlePath, authorPath, pagePath, topicPath } from '../../src/site/sitePaths';

/** What a rich-text node may point at, reduced to what a feed entry shows of it. Paths are site-relative. */
export type LinkedTarget =
  | { kind: 'entry'; path: string; label: string }
  | { kind: 'code'; code: string; caption: string | null }
  | { kind: 'quote'; quote: string; attribution: string | null }
  | { kind: 'asset'; path: string; alt: string; width: number; height: number };

type Lookup = (ids: number[]) => Promise<[string, LinkedTarget][]>;

/** One query per type, each limited to what a reader may see (SPEC §3: drafts are "not found"). */
const LOOKUPS = (db: Database): Record<string, Lookup> => ({
  Article: async (ids) => {
    const { rows } = await db.query<{ id: number; slug: string; title: string }>(`SELECT a.id, a.slug, a.title FROM articles a WHERE a.id = ANY($1) AND ${visibleArticle('a', false)}`, [ids]);
    return rows.map((row) => [toGlobalId('Article', row.id), { kind: 'entry', path: articlePath(row.slug), label: row.title }]);
  },
  Author: async (ids) => {
    const { rows } = await db.query<{ id: number; slug: string; name: string }>('SELECT id, slug, name FROM authors WHERE id = ANY($1)', [ids]);
    return rows.map((row) => [toGlobalId('Author', row.id), { kind: 'entry', path: authorPath(row.slug), label: row.name }]);
  },
  Topic: async (ids) => {
    const { rows } = await db.query<{ id: number; slug: string; name: string }>('SELECT id, slug, name FROM topics WHERE id = ANY($1)', [ids]);
    return rows.map((row) => [toGlobalId('Topic', row.id), { kind: 'entry', path: topicPath(row.slug), label: row.name }]);
  },
  Page: async (ids) => {
    const { rows } = await db.query<{ id: number; slug: string; title: string }>(`SELECT p.id, p.slug, p.title FROM pages p WHERE p.id = ANY($1) AND ${visiblePage('p', false)}`, [ids]);
    return rows.map((row) => [toGlobalId('Page', row.id), { kind: 'entry', path: pagePath(row.slug), label: row.title }]);
  },
  Embed: async (ids) => {
    const { rows } = await db.query<{ id: number; type: string; data: Record<string, unknown> }>('SELECT id, type, data FROM embeds WHERE id = ANY($1)', [ids]);
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return rows.map((row) =>
      row.type === 'CodeBlock'
        ? [toGlobalId('CodeBlock', row.id), { kind: 'code', code: text(row.data.code) ?? '', caption: text(row.data.caption) }]
        : [toGlobalId('PullQuote', row.id), { kind: 'quote', quote: text(row.data.quote) ?? '', attribution: text(row.data.attribution) }],
    );
  },
  Asset: async (ids) => {
    const { rows } = await db.query<{ id: number; file: string; version: string; alt: string; width: number; height: number }>(
      'SELECT id, file, version, alt, width, height FROM assets WHERE id = ANY($1)',
      [ids],
    );
    // The same URL the API gives (api/schema/resolvers.ts, Asset.url).
    return rows.map((row) => [toGlobalId('Asset', row.id), { kind: 'asset', path: `/images/${row.file}?v=${row.version}`, alt: row.alt, width: row.width, height: row.height }]);
  },
});

/** The ids (`data.target.sys.id`) named anywhere in the documents. */
function targetIds(documents: unknown[]): Set<string> {
  const ids = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { data, content } = node as { data?: { target?: { sys?: { id?: unknown } } }; content?: unknown };
    const id = data?.target?.sys?.id;
    if (typeof id === 'string') ids.add(id);
    if (Array.isArray(content)) content.forEach(walk);
  };
  documents.forEach(walk);
  return ids;
}

/** Everything the (already sanitized, so bounded) documents link to and a reader may see, by global id. */
export async function loadLinkedTargets(db: Database, documents: unknown[]): Promise<Map<string, LinkedTarget>> {
  const byType = new Map<string, number[]>();
  for (const globalId of targetIds(documents)) {
    const parsed = fromGlobalId(globalId);
    if (!parsed || !/^\d{1,9}$/.test(parsed.id)) continue;
    const type = parsed.type === 'CodeBlock' || parsed.type === 'PullQuote' ? 'Embed' : parsed.type;
    byType.set(type, [...(byType.get(type) ?? []), Number(parsed.id)]);
  }
  const lookups = LOOKUPS(db);
  const found = await Promise.all([...byType].filter(([type]) => Object.hasOwn(lookups, type)).map(([type, ids]) => lookups[type]!(ids)));
  return new Map(found.flat());
}
