/**
 * One-off (issue 21): content/'s JSON files as the Markdown and YAML writers
 * write from now on. Run once, checked by reading the new files back and
 * comparing every record with the JSON, then deleted.
 *   npx tsx api/publishing/convertJsonContent.ts
 */
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BlockContent, Paragraph, PhrasingContent, Root, RootContent, TableCell, TableRow } from 'mdast';
import { directiveToMarkdown } from 'mdast-util-directive';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { Document as YamlDocument, isSeq, stringify } from 'yaml';
import { readContentFolder } from './contentFolder';
import {
  CONTENT_DIR,
  contentFilesOf,
  type ArticleFile,
  type AssetFile,
  type AuthorFile,
  type BlockFile,
  type EmbedFile,
  type PageFile,
  type RichTextNode,
  type SiteFile,
  type TopicFile,
} from '../seed/contentFiles';

const dir = CONTENT_DIR;
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;
const folder = <T>(name: string): T[] =>
  readdirSync(path.join(dir, name))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => readJson<T>(`${name}/${file}`));

// ---------------------------------------------------------------- rich text → mdast

function phrasing(nodes: RichTextNode[]): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    switch (node.nodeType) {
      case 'text': {
        const marks = ((node.marks as { type: string }[]) ?? []).map((mark) => mark.type);
        let inner: PhrasingContent = marks.includes('code') ? { type: 'inlineCode', value: node.value ?? '' } : { type: 'text', value: node.value ?? '' };
        for (const mark of [...marks].reverse()) {
          if (mark === 'bold') inner = { type: 'strong', children: [inner] };
          else if (mark === 'italic') inner = { type: 'emphasis', children: [inner] };
          else if (mark === 'strikethrough') inner = { type: 'delete', children: [inner] };
          else if (mark !== 'code') throw new Error(`mark ${mark}`);
        }
        return [inner];
      }
      case 'hyperlink':
        return [{ type: 'link', url: String(node.data?.uri), children: phrasing(node.content ?? []) }];
      case 'entry-hyperlink':
      case 'asset-hyperlink':
        return [{ type: 'link', url: node.data!.target!.sys!.id!, children: phrasing(node.content ?? []) }];
      case 'embedded-entry-inline':
        return [{ type: 'textDirective', name: 'embed', attributes: { entry: node.data!.target!.sys!.id! }, children: [] }];
      default:
        throw new Error(`inline ${node.nodeType}`);
    }
  });
}

function blocks(nodes: RichTextNode[]): RootContent[] {
  return nodes.map((node): RootContent => {
    const content = node.content ?? [];
    switch (node.nodeType) {
      case 'paragraph':
        return { type: 'paragraph', children: phrasing(content) };
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
      case 'heading-4':
        return { type: 'heading', depth: Number(node.nodeType.slice(-1)) as 2, children: phrasing(content) };
      case 'unordered-list':
      case 'ordered-list':
        return {
          type: 'list',
          ordered: node.nodeType === 'ordered-list',
          spread: false,
          children: content.map((item) => ({ type: 'listItem', spread: false, children: blocks(item.content ?? []) as BlockContent[] })),
        };
      case 'blockquote':
        return { type: 'blockquote', children: blocks(content) as BlockContent[] };
      case 'hr':
        return { type: 'thematicBreak' };
      case 'table':
        return {
          type: 'table',
          children: content.map((row): TableRow => ({
            type: 'tableRow',
            children: (row.content ?? []).map((cell): TableCell => {
              if ((cell.content ?? []).length !== 1) throw new Error('a table cell of several paragraphs');
              return { type: 'tableCell', children: phrasing(cell.content![0]!.content ?? []) };
            }),
          })),
        };
      case 'embedded-entry-block':
        return { type: 'leafDirective', name: 'embed', attributes: { entry: node.data!.target!.sys!.id! }, children: [] };
      case 'embedded-asset-block':
        return { type: 'paragraph', children: [{ type: 'image', url: node.data!.target!.sys!.id!, alt: '' }] } satisfies Paragraph;
      default:
        throw new Error(`block ${node.nodeType}`);
    }
  });
}

function markdownOf(document: RichTextNode): string {
  const root: Root = { type: 'root', children: blocks(document.content ?? []) };
  const markdown = toMarkdown(root, { extensions: [gfmToMarkdown(), directiveToMarkdown()], bullet: '-', emphasis: '*', strong: '*', rule: '-', listItemIndent: 'one', quote: '"' });
  // The directive extension escapes every colon before a word (1\:6, 11\:00, asset\:key). Folio's reader
  // keeps any :word but :embed as written, so only that one needs its backslash.
  return markdown.replace(/\\:(?!embed)/g, ':');
}

// ---------------------------------------------------------------- front matter

/** YAML as a writer would type it: one field a line, short lists inline, long text folded to no width. */
function yamlOf(value: Record<string, unknown>, flowLists: string[] = []): string {
  const document = new YamlDocument(value);
  for (const key of flowLists) {
    const node = document.get(key, true);
    if (isSeq(node)) node.flow = true;
  }
  return document.toString({ lineWidth: 0, blockQuote: 'literal', flowCollectionPadding: false });
}

const dateText = (iso: string) => iso.replace(/\.000Z$/, 'Z');
const statusWord = (status: string) => status.toLowerCase();

function frontMatter(yaml: string, body: string): string {
  return `---\n${yaml}---\n${body === '' ? '' : `\n${body}`}`;
}

function articleFile(article: ArticleFile): string {
  const fields: Record<string, unknown> = {
    title: article.title,
    summary: article.summary,
    status: statusWord(article.status),
    ...(article.publishedAt === null ? {} : { publishedAt: dateText(article.publishedAt) }),
    updatedAt: dateText(article.updatedAt),
    authors: article.authors,
    topics: article.topics,
    ...(article.heroImage === undefined ? {} : { hero: article.heroImage }),
    ...(article.seo === undefined ? {} : { seo: article.seo }),
  };
  return frontMatter(yamlOf(fields, ['authors', 'topics']), markdownOf(article.body));
}

function pageFile(page: PageFile): string {
  let body = '';
  const blockList = page.blocks.map((block: BlockFile): unknown => {
    const { type, ...rest } = block;
    switch (type) {
      case 'HeroBlock':
        return { hero: rest };
      case 'FeaturedArticlesBlock':
        return { featured: rest };
      case 'ArticleListBlock': {
        const { mode: _mode, ...list } = rest;
        return { latest: list };
      }
      case 'RichTextBlock':
        if (body !== '') throw new Error('two text blocks');
        body = markdownOf(rest.body as RichTextNode);
        return 'text';
      case 'CalloutBlock':
        return { callout: { ...rest, tone: String(rest.tone).toLowerCase() } };
      case 'ImageBlock':
        return { image: rest };
      case 'NewsletterSignupBlock':
        return { newsletter: rest };
      default:
        throw new Error(`block ${type}`);
    }
  });
  const fields: Record<string, unknown> = {
    title: page.title,
    status: statusWord(page.status),
    updatedAt: dateText(page.updatedAt),
    ...(page.seo === undefined ? {} : { seo: page.seo }),
    blocks: blockList,
  };
  const document = new YamlDocument(fields);
  // Short lists of slugs inline, as in articles.
  page.blocks.forEach((block, index) => {
    const node = block.type === 'FeaturedArticlesBlock' ? document.getIn(['blocks', index, 'featured', 'articles'], true) : null;
    if (isSeq(node)) node.flow = true;
  });
  return frontMatter(document.toString({ lineWidth: 0, flowCollectionPadding: false }), body);
}

function authorFile(author: AuthorFile): string {
  return frontMatter(yamlOf({ name: author.name, ...(author.avatar === undefined ? {} : { avatar: author.avatar }) }), `${author.bio}\n`);
}

function topicFile(topic: TopicFile): string {
  return frontMatter(yamlOf({ name: topic.name }), `${topic.description}\n`);
}

function embedsFile(embeds: EmbedFile[]): string {
  const codeBlocks: Record<string, unknown> = {};
  const pullQuotes: Record<string, unknown> = {};
  for (const embed of embeds) {
    if (embed.type === 'CodeBlock') codeBlocks[embed.key] = { language: embed.language, ...(embed.caption === undefined ? {} : { caption: embed.caption }), code: embed.code };
    else pullQuotes[embed.key] = { quote: embed.quote, ...(embed.attribution === undefined ? {} : { attribution: embed.attribution }) };
  }
  const header = '# Entries that articles and pages embed (content/README.md):\n' + '#   ::embed{entry="codeBlock:<key>"} and ::embed{entry="pullQuote:<key>"}, each on a line of its own.\n';
  return header + stringify({ codeBlocks, pullQuotes }, { lineWidth: 0, blockQuote: 'literal' });
}

function assetsFile(assets: AssetFile[]): string {
  const map: Record<string, unknown> = {};
  for (const asset of assets) map[asset.key] = { file: asset.file, alt: asset.alt };
  const header =
    '# Images, by key (content/README.md): a hero: or avatar: names one, and so do\n' +
    '# ![](asset:<key>) and [words](asset:<key>) in Markdown. The file is in images/;\n' +
    '# alt describes the picture for readers who cannot see it.\n';
  return header + stringify(map, { lineWidth: 0 });
}

function siteFile(site: SiteFile): string {
  return '# The site: its name, description, and the links of its header and footer.\n' + stringify(site, { lineWidth: 0 });
}

// ---------------------------------------------------------------- check

/** Neighbouring texts with the same marks are one text in Markdown: the JSON is compared after joining them. */
function joined(node: RichTextNode): RichTextNode {
  if (!node.content) return node;
  const content: RichTextNode[] = [];
  for (const child of node.content.map(joined)) {
    const last = content.at(-1);
    const marks = (n: RichTextNode) => JSON.stringify(n.marks ?? []);
    if (last?.nodeType === 'text' && child.nodeType === 'text' && marks(last) === marks(child)) content[content.length - 1] = { ...last, value: `${last.value}${child.value}` };
    else content.push(child);
  }
  return { ...node, content };
}

function check(): void {
  const { records, problems } = readContentFolder(dir);
  if (problems.length > 0) throw new Error(problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n'));
  const read = contentFilesOf(dir, records);
  const expected = {
    dir,
    site,
    assets,
    authors: [...authors].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    topics: [...topics].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    embeds: [...embeds.filter((e) => e.type === 'CodeBlock'), ...embeds.filter((e) => e.type === 'PullQuote')],
    articles: articles.map((a) => ({ ...a, body: joined(a.body) })),
    pages: pages.map((p) => ({ ...p, blocks: p.blocks.map((b) => (b.type === 'RichTextBlock' ? { ...b, body: joined(b.body as RichTextNode) } : b)) })),
  };
  const differences: string[] = [];
  const compare = (a: unknown, b: unknown, where: string) => {
    if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null))
      return differences.push(`${where}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`);
    if (typeof a !== 'object' || a === null) return a === b || differences.push(`${where}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`);
    const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
    for (const key of keys) compare((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${where}.${key}`);
    return true;
  };
  compare(read, expected, 'content');
  if (differences.length > 0) throw new Error(`${differences.length} differences:\n${differences.slice(0, 30).join('\n')}`);
  console.log('check: every record read back from Markdown and YAML equals its JSON');
}

// ---------------------------------------------------------------- main

const site = readJson<SiteFile>('site.json');
const assets = readJson<AssetFile[]>('assets.json');
const authors = readJson<AuthorFile[]>('authors.json');
const topics = readJson<TopicFile[]>('topics.json');
const embeds = readJson<EmbedFile[]>('embeds.json');
const articles = folder<ArticleFile>('articles');
const pages = folder<PageFile>('pages');

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
write('site.yaml', siteFile(site));
write('assets.yaml', assetsFile(assets));
write('embeds.yaml', embedsFile(embeds));
for (const author of authors) write(`authors/${author.slug}.md`, authorFile(author));
for (const topic of topics) write(`topics/${topic.slug}.md`, topicFile(topic));
for (const article of articles) write(`articles/${article.slug}.md`, articleFile(article));
for (const page of pages) write(`pages/${page.slug}.md`, pageFile(page));
if (process.argv.includes('--remove-json')) {
  for (const file of ['site.json', 'assets.json', 'authors.json', 'topics.json', 'embeds.json']) rmSync(path.join(dir, file));
  for (const name of ['articles', 'pages']) for (const file of readdirSync(path.join(dir, name)).filter((f) => f.endsWith('.json'))) rmSync(path.join(dir, name, file));
}
if (process.argv.includes('--check')) check();
console.log(`wrote ${articles.length} articles, ${pages.length} pages, ${authors.length} authors, ${topics.length} topics, ${embeds.length} embeds, ${assets.length} assets`);
