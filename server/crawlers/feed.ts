import type { Database } from '../../api/db/database';
import { visibleArticle } from '../../api/data/visibility';
import { sanitizeRichTextDocument } from '../../src/components/RichText/sanitizeRichText';
import { Feed } from 'feed';
import { loadLinkedTargets } from './linkedTargets';
import { richTextToHtml } from './richTextHtml';
import { loadSiteInfo } from './siteInfo';
import { escapeXml, xmlSafe } from './xml';
import { articlePath, authorPath } from '../../src/site/sitePaths';

/** How many of the newest articles the feed carries. */
export const FEED_ENTRIES = 20;

interface FeedArticle {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: unknown;
  published_at: Date;
  updated_at: Date;
}

/** Ids of the articles → their names and slugs, in byline order. */
async function namesByArticle(db: Database, ids: number[], join: 'authors' | 'topics') {
  const link = join === 'authors' ? 'article_authors' : 'article_topics';
  const key = join === 'authors' ? 'author_id' : 'topic_id';
  const { rows } = await db.query<{ article_id: number; slug: string; name: string }>(
    `SELECT x.article_id, t.slug, t.name FROM ${link} x JOIN ${join} t ON t.id = x.${key} WHERE x.article_id = ANY($1) ORDER BY x.article_id, x.position`,
    [ids],
  );
  const map = new Map<number, { slug: string; name: string }[]>();
  for (const row of rows) map.set(row.article_id, [...(map.get(row.article_id) ?? []), row]);
  return map;
}

// Title and summary go out as `type="html"` (the `feed` library's choice), so they are escaped text;
// `]]>` can then only come from the rendered body, where it is broken up so the CDATA section holds.
const html = (text: string) => escapeXml(text);
const cdataSafe = (markup: string) => xmlSafe(markup).replace(/]]>/g, ']]&gt;');
// The library escapes `&` and `"` in attributes but not `<`, which no topic name needs anyway.
const attributeSafe = (text: string) => xmlSafe(text).replace(/[<>]/g, '');

/** The Atom 1.0 feed of the newest published articles, every URL absolute under `origin`. */
export async function buildAtomFeed(db: Database, origin: string): Promise<string> {
  const [site, { rows: articles }] = await Promise.all([
    loadSiteInfo(db),
    db.query<FeedArticle>(
      `SELECT a.id, a.slug, a.title, a.summary, a.body, a.published_at, a.updated_at FROM articles a
       WHERE ${visibleArticle('a', false)} ORDER BY a.published_at DESC, a.id DESC LIMIT ${FEED_ENTRIES}`,
    ),
  ]);
  const ids = articles.map((article) => article.id);
  const documents = articles.map((article) => sanitizeRichTextDocument(article.body).document);
  const [authors, topics, targets] = await Promise.all([namesByArticle(db, ids, 'authors'), namesByArticle(db, ids, 'topics'), loadLinkedTargets(db, documents)]);

  const newest = articles.reduce<Date | undefined>((latest, article) => (!latest || new Date(article.updated_at) > latest ? new Date(article.updated_at) : latest), undefined);
  const feed = new Feed({
    id: `${origin}/`,
    title: xmlSafe(site.title),
    description: xmlSafe(site.description),
    link: `${origin}/`,
    feedLinks: { atom: `${origin}/feed.xml` },
    // Without articles there is no better date than the epoch, and it keeps the ETag stable.
    updated: newest ?? new Date(0),
    generator: 'Folio',
  });
  articles.forEach((article, index) => {
    const link = `${origin}${articlePath(article.slug)}`;
    const document = documents[index];
    feed.addItem({
      id: link,
      link,
      title: html(article.title),
      description: html(article.summary),
      content: document ? cdataSafe(richTextToHtml(document, { base: link, targets })) : '',
      date: new Date(article.updated_at),
      published: new Date(article.published_at),
      author: (authors.get(article.id) ?? []).map((author) => ({ name: xmlSafe(author.name), link: `${origin}${authorPath(author.slug)}` })),
      category: (topics.get(article.id) ?? []).map((topic) => ({ term: attributeSafe(topic.slug), name: attributeSafe(topic.name) })),
    });
  });
  return feed.atom1();
}
