/**
 * content/ as records in one shape, whatever it is written in: writers
 * write Markdown and YAML (content/README.md); the seed, the publisher, the
 * Strapi import and the Contentful fixture all read this shape, with bodies
 * as Contentful rich-text documents whose references are `<kind>:<key>`.
 */
export interface LinkFile {
  label: string;
  url: string;
}
export interface SeoFile {
  title?: string;
  description?: string;
  image?: string;
}
export interface RichTextNode {
  nodeType: string;
  data?: { target?: { sys?: { id?: string } }; [key: string]: unknown };
  content?: RichTextNode[];
  value?: string;
  [key: string]: unknown;
}
export type ContentStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
export interface ArticleFile {
  slug: string;
  title: string;
  summary: string;
  status: ContentStatus;
  publishedAt: string | null;
  updatedAt: string;
  authors: string[];
  topics: string[];
  heroImage?: string;
  seo?: SeoFile;
  body: RichTextNode;
  /** A live blog's coverage, pinned summary and updates (content/README.md#live-blogs). */
  live?: LiveBlogFile;
}
export interface LiveBlogFile {
  coverageStart: string;
  coverageEnd?: string;
  summary?: RichTextNode;
  /** Newest first. */
  updates: LiveUpdateFile[];
}
export interface LiveUpdateFile {
  /** ISO instant, unique within its live blog (what names the update). */
  at: string;
  title: string;
  keyEvent: boolean;
  /** An author by key. */
  author: string;
  body: RichTextNode;
}
/**
 * A translation of a record into another locale (docs/decisions.md#locales): its localized
 * fields alone; everything else (dates, authors, topics, images) is the
 * original's, named by its file.
 */
export type TranslationFile =
  | {
      of: 'article';
      locale: string;
      original: string;
      slug?: string;
      title: string;
      summary: string;
      status?: ContentStatus;
      seo?: { title?: string; description?: string };
      body: RichTextNode;
      /** Its own live blog, in its language (content/README.md#live-blogs): the original's is not shown in its place. */
      live?: LiveBlogFile;
    }
  | {
      of: 'topic';
      locale: string;
      original: string;
      slug?: string;
      name: string;
      description: string;
    }
  | { of: 'author'; locale: string; original: string; bio: string }
  | { of: 'site'; locale: string; original: string; site: SiteFile }
  /** assets.<locale>.yaml: alt text by the asset's key in assets.yaml (images themselves are not translated). */
  | { of: 'assets'; locale: string; original: string; alts: Record<string, string> }
  | { of: 'page'; locale: string; original: string; page: PageFile };
export type BlockFile = { type: string; [key: string]: unknown };
export interface PageFile {
  slug: string;
  title: string;
  status: ContentStatus;
  updatedAt: string;
  seo?: SeoFile;
  blocks: BlockFile[];
}
export type SiteFile = {
  title: string;
  description: string;
  navigation: LinkFile[];
  footer: LinkFile[];
};
export type AssetFile = { key: string; file: string; alt: string };
export type AuthorFile = { slug: string; name: string; bio: string; avatar?: string };
export type TopicFile = { slug: string; name: string; description: string };
export type EmbedFile =
  | { type: 'CodeBlock'; key: string; language: string; code: string; caption?: string }
  | { type: 'PullQuote'; key: string; quote: string; attribution?: string };
export interface ContentFiles {
  dir: string;
  site: SiteFile;
  assets: AssetFile[];
  authors: AuthorFile[];
  topics: TopicFile[];
  embeds: EmbedFile[];
  articles: ArticleFile[];
  pages: PageFile[];
}
