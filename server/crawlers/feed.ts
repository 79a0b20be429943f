import type { CrawlContent } from '../../api/contentService';
import { sanitizeRichTextDocument } from '../../shared/richText/sanitizeRichText';
import { Feed } from 'feed';
import { loadLinkedTargets } from './linkedTargets';
import { richTextToHtml } from './richTextHtml';
import { loadSiteInfo } from './siteInfo';
import { escapeXml, xmlSafe } from './xml';
import { articlePath, authorPath, FEED_PATH, HOME_PATH, localePath } from '../../shared/sitePaths';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** How many of the newest articles the feed carries. */
export const FEED_ENTRIES = 20;

// Title and summary go out as `type="html"` (the `feed` library's choice), so they are escaped text;
// `]]>` can then only come from the rendered body, where it is broken up so the CDATA section holds.
const html = (text: string) => escapeXml(text);
const cdataSafe = (markup: string) => xmlSafe(markup).replace(/]]>/g, ']]&gt;');
// The library escapes `&` and `"` in attributes but not `<`, which no topic name needs anyway.
const attributeSafe = (text: string) => xmlSafe(text).replace(/[<>]/g, '');

/**
 * The Atom 1.0 feed of a locale's newest published articles (`/feed.xml`,
 * `/de/feed.xml`), every URL absolute under `origin`; `keys` gets the cache
 * keys of what it shows.
 */
export async function buildAtomFeed(
  crawl: CrawlContent,
  origin: string,
  keys = new Set<string>(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  // A reader's view: published, non-future content only.
  const content = crawl.readerIn(locale, keys);
  const at = (path: string) => `${origin}${localePath(locale, path)}`;
  const [site, newestPage] = await Promise.all([
    loadSiteInfo(content),
    content.articles({}, { first: FEED_ENTRIES, after: null }),
  ]);
  const articles = newestPage.nodes;
  const documents = articles.map((article) => sanitizeRichTextDocument(article.body).document);
  const [authors, topics, targets] = await Promise.all([
    Promise.all(articles.map((article) => content.authorsOf(article))),
    Promise.all(articles.map((article) => content.topicsOf(article))),
    loadLinkedTargets(crawl, content, documents),
  ]);

  const newest = articles.reduce<Date | undefined>(
    (latest, article) =>
      !latest || new Date(article.updatedAt) > latest ? new Date(article.updatedAt) : latest,
    undefined,
  );
  const feed = new Feed({
    id: at(HOME_PATH),
    title: xmlSafe(site.title),
    description: xmlSafe(site.description),
    link: at(HOME_PATH),
    language: locale,
    feedLinks: { atom: at(FEED_PATH) },
    // Without articles there is no better date than the epoch, and it keeps the ETag stable.
    updated: newest ?? new Date(0),
    // The software that made the feed (not the site's name, which is the feed's title).
    generator: 'Folio',
  });
  articles.forEach((article, index) => {
    const link = at(articlePath(article.slug));
    const document = documents[index];
    feed.addItem({
      id: link,
      link,
      title: html(article.title),
      description: html(article.summary),
      content: document ? cdataSafe(richTextToHtml(document, { base: link, targets })) : '',
      date: new Date(article.updatedAt),
      published: new Date(article.publishedAt ?? article.updatedAt),
      author: authors[index]!.map((author) => ({
        name: xmlSafe(author.name),
        link: at(authorPath(author.slug)),
      })),
      category: topics[index]!.map((topic) => ({
        term: attributeSafe(topic.slug),
        name: attributeSafe(topic.name),
      })),
    });
  });
  return inLanguage(feed.atom1(), locale);
}

const ATOM_ROOT = '<feed xmlns="http://www.w3.org/2005/Atom">';

/**
 * The feed's language on its root, `xml:lang` (RFC 4287, 2): every title,
 * summary and content in it is in the locale's language. The library takes a
 * language only for RSS, so the Atom root it writes gets the attribute here.
 */
function inLanguage(atom: string, locale: Locale): string {
  if (!atom.includes(ATOM_ROOT)) throw new Error(`The Atom feed does not start with ${ATOM_ROOT}`);
  return atom.replace(ATOM_ROOT, `${ATOM_ROOT.slice(0, -1)} xml:lang="${locale}">`);
}
