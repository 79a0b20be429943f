import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The shapes of the files in content/ (see content/README.md). */
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
export interface ArticleFile {
  slug: string;
  title: string;
  summary: string;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  publishedAt: string | null;
  updatedAt: string;
  authors: string[];
  topics: string[];
  heroImage?: string;
  seo?: SeoFile;
  body: RichTextNode;
}
export type BlockFile = { type: string; [key: string]: unknown };
export interface PageFile {
  slug: string;
  title: string;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  updatedAt: string;
  seo?: SeoFile;
  blocks: BlockFile[];
}
export interface ContentFiles {
  dir: string;
  site: { title: string; description: string; navigation: LinkFile[]; footer: LinkFile[] };
  assets: { key: string; file: string; alt: string }[];
  authors: { slug: string; name: string; bio: string; avatar?: string }[];
  topics: { slug: string; name: string; description: string }[];
  embeds: ({ type: 'CodeBlock'; key: string; language: string; code: string; caption?: string } | { type: 'PullQuote'; key: string; quote: string; attribution?: string })[];
  articles: ArticleFile[];
  pages: PageFile[];
}

export const CONTENT_DIR = path.resolve(__dirname, '../../content');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function readFolder<T>(dir: string): T[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readJson<T>(path.join(dir, name)));
}

export function readContentFiles(dir = CONTENT_DIR): ContentFiles {
  return {
    dir,
    site: readJson(path.join(dir, 'site.json')),
    assets: readJson(path.join(dir, 'assets.json')),
    authors: readJson(path.join(dir, 'authors.json')),
    topics: readJson(path.join(dir, 'topics.json')),
    embeds: readJson(path.join(dir, 'embeds.json')),
    articles: readFolder(path.join(dir, 'articles')),
    pages: readFolder(path.join(dir, 'pages')),
  };
}
