import type {
  ArticleFile,
  AuthorFile,
  ContentStatus,
  PageFile,
  RichTextNode,
  SiteFile,
  TopicFile,
  TranslationFile,
} from '../api/model/contentFiles';
import { readContentFolder } from '../api/publishing/contentFolder';
import { CONTENT_DIR } from '../settings/contentDir';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locales';

/**
 * content/'s translations (`<name>.<locale>.md` beside each original,
 * `site.<locale>.yaml`; docs/publishing.md#translations) joined to their
 * originals, for what fills a CMS from content/ (the Strapi import, the
 * Contentful demo space) and for the tests that compare a source with
 * content/. A translation names its original by its file; what it does not
 * translate (dates, images, authors, topics) is the original's. Its slug is
 * its own, or the original's when it gives none.
 */
export interface ArticleTranslation {
  locale: Locale;
  original: ArticleFile;
  slug: string;
  title: string;
  summary: string;
  /** Its own status, else the original's. */
  status: ContentStatus;
  seo: { title?: string; description?: string };
  body: RichTextNode;
}
export interface TopicTranslation {
  locale: Locale;
  original: TopicFile;
  slug: string;
  name: string;
  description: string;
}
export interface AuthorTranslation {
  locale: Locale;
  original: AuthorFile;
  /** An author's slug and name are the original's. */
  slug: string;
  bio: string;
}
export interface PageTranslation {
  locale: Locale;
  original: PageFile;
  /** A whole page: its title, slug, SEO fields and blocks. */
  page: PageFile;
}
export interface ContentTranslations {
  articles: ArticleTranslation[];
  topics: TopicTranslation[];
  authors: AuthorTranslation[];
  pages: PageTranslation[];
  sites: { locale: Locale; site: SiteFile }[];
  /** assets.<locale>.yaml: alt text in the locale, by the asset's key. */
  assets: { locale: Locale; alts: Record<string, string> }[];
}

/** Every translation content/ holds (a folder with problems throws, as readContentFiles does). */
export function readContentTranslations(dir = CONTENT_DIR): ContentTranslations {
  const { records, problems } = readContentFolder(dir);
  if (problems.length > 0)
    throw new Error(
      problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`).join('\n'),
    );
  const originals = new Map(
    records
      .filter((record) => record.kind !== 'translation')
      .map((record) => [`${record.kind} ${record.file}`, record.value]),
  );
  const translations: ContentTranslations = {
    articles: [],
    topics: [],
    authors: [],
    pages: [],
    sites: [],
    assets: [],
  };
  for (const record of records) {
    if (record.kind !== 'translation') continue;
    const value = record.value as TranslationFile;
    const { locale } = value;
    if (!isLocale(locale) || locale === DEFAULT_LOCALE) continue;
    // Alt text names its assets by key, one file for them all: no original record.
    if (value.of === 'assets') {
      translations.assets.push({ locale, alts: value.alts });
      continue;
    }
    const original = originals.get(`${value.of} ${value.original}`);
    if (!original) continue;
    switch (value.of) {
      case 'article': {
        const article = original as ArticleFile;
        translations.articles.push({
          locale,
          original: article,
          slug: value.slug ?? article.slug,
          title: value.title,
          summary: value.summary,
          status: value.status ?? article.status,
          seo: value.seo ?? {},
          body: value.body,
        });
        break;
      }
      case 'topic': {
        const topic = original as TopicFile;
        translations.topics.push({
          locale,
          original: topic,
          slug: value.slug ?? topic.slug,
          name: value.name,
          description: value.description,
        });
        break;
      }
      case 'author': {
        const author = original as AuthorFile;
        translations.authors.push({ locale, original: author, slug: author.slug, bio: value.bio });
        break;
      }
      case 'page':
        translations.pages.push({ locale, original: original as PageFile, page: value.page });
        break;
      case 'site':
        translations.sites.push({ locale, site: value.site });
        break;
    }
  }
  return translations;
}
