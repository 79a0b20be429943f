/**
 * Checks the hand-written seed content in content/ as every reader of it sees
 * it (readContentFiles: the Markdown and YAML of content/README.md, read and
 * checked by api/publishing/): every file reads, has the right shape, rich
 * text is valid, every reference resolves, and the set is big and varied
 * enough for the site.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BLOCKS,
  INLINES,
  validateRichTextDocument,
  type Document,
} from '@contentful/rich-text-types';
import { readContentFiles } from '../../../api/publishing/readContentFiles';

const CONTENT = path.resolve(__dirname, '../../../content');
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const OWNED_CODE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z]{2})?--code-[1-9][0-9]*$/;
const NOW = Date.now();

type Json = unknown;
type Obj = Record<string, Json>;

function isObj(v: Json): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function obj(v: Json, where: string): Obj {
  if (!isObj(v)) throw new Error(`${where}: expected an object`);
  return v;
}

function arr(v: Json, where: string): Json[] {
  if (!Array.isArray(v)) throw new Error(`${where}: expected an array`);
  return v;
}

function str(v: Json, where: string): string {
  if (typeof v !== 'string' || v.trim() === '')
    throw new Error(`${where}: expected a non-empty string`);
  return v;
}

function isoDate(v: Json, where: string): number {
  const s = str(v, where);
  const t = Date.parse(s);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(s) || Number.isNaN(t)) {
    throw new Error(`${where}: expected an ISO 8601 UTC timestamp, got ${s}`);
  }
  return t;
}

function onlyKeys(o: Obj, allowed: string[], where: string): void {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length) throw new Error(`${where}: unexpected keys ${extra.join(', ')}`);
}

// ---------------------------------------------------------------- load everything

const files = readContentFiles();
const site = files.site as unknown as Obj;
const assets = files.assets as unknown as Obj[];
const authors = files.authors as unknown as Obj[];
const topics = files.topics as unknown as Obj[];
const embeds = files.embeds as unknown as Obj[];
const articles = files.articles.map((a) => ({
  file: `articles/${a.slug}.md`,
  data: a as unknown as Obj,
}));
const pages = files.pages.map((p) => ({ file: `pages/${p.slug}.md`, data: p as unknown as Obj }));

const assetKeys = new Set(assets.map((a) => String(a.key)));
const authorSlugs = new Set(authors.map((a) => String(a.slug)));
const topicSlugs = new Set(topics.map((t) => String(t.slug)));
const articleSlugs = new Set(articles.map((a) => String(a.data.slug)));
const pageSlugs = new Set(pages.map((p) => String(p.data.slug)));
const codeBlockKeys = new Set(
  embeds.filter((e) => e.type === 'CodeBlock').map((e) => String(e.key)),
);
const pullQuoteKeys = new Set(
  embeds.filter((e) => e.type === 'PullQuote').map((e) => String(e.key)),
);

const ENTRY_KINDS: Record<string, Set<string>> = {
  article: articleSlugs,
  author: authorSlugs,
  topic: topicSlugs,
  page: pageSlugs,
  codeBlock: codeBlockKeys,
  pullQuote: pullQuoteKeys,
};

type RichNode = { nodeType: string; data?: Obj; content?: RichNode[]; value?: string };

/** Every `<kind>:<key>` reference in a rich-text document, with the node type using it. */
function references(doc: RichNode): Array<{ nodeType: string; linkType: string; id: string }> {
  const out: Array<{ nodeType: string; linkType: string; id: string }> = [];
  const walk = (n: RichNode) => {
    const target = n.data && isObj(n.data.target) ? n.data.target : undefined;
    if (target && isObj(target.sys)) {
      out.push({
        nodeType: n.nodeType,
        linkType: String(target.sys.linkType),
        id: String(target.sys.id),
      });
    }
    (n.content ?? []).forEach(walk);
  };
  walk(doc);
  return out;
}

function resolves(linkType: string, id: string): boolean {
  const m = /^([a-zA-Z]+):(.+)$/.exec(id);
  if (!m) return false;
  const [, kind, key] = m;
  if (!kind || !key) return false;
  if (linkType === 'Asset') return kind === 'asset' && assetKeys.has(key);
  if (linkType !== 'Entry') return false;
  return ENTRY_KINDS[kind]?.has(key) ?? false;
}

function checkRichText(doc: Json, where: string): void {
  const d = obj(doc, where);
  expect(d.nodeType).toBe('document');
  const errors = validateRichTextDocument(d as unknown as Document);
  if (errors.length) throw new Error(`${where}: ${JSON.stringify(errors.slice(0, 3))}`);
  for (const ref of references(d as unknown as RichNode)) {
    if (!resolves(ref.linkType, ref.id))
      throw new Error(`${where}: ${ref.nodeType} points at unknown ${ref.linkType} ${ref.id}`);
  }
}

function allReferences(): Array<{ nodeType: string; linkType: string; id: string }> {
  const docs: RichNode[] = articles.map((a) => a.data.body as unknown as RichNode);
  for (const p of pages) {
    for (const b of arr(p.data.blocks, p.file)) {
      if (isObj(b) && b.type === 'RichTextBlock') docs.push(b.body as unknown as RichNode);
    }
  }
  return docs.flatMap(references);
}

// ---------------------------------------------------------------- tests

describe('seed content: shared files', () => {
  test('site.yaml has title, description and navigation/footer links', () => {
    onlyKeys(site, ['title', 'description', 'navigation', 'footer'], 'site.yaml');
    expect(str(site.title, 'site.title')).toBe('Folio');
    str(site.description, 'site.description');
    for (const key of ['navigation', 'footer'] as const) {
      const links = arr(site[key], `site.${key}`);
      expect(links.length).toBeGreaterThan(0);
      for (const [i, l] of links.entries()) {
        const link = obj(l, `site.${key}[${i}]`);
        onlyKeys(link, ['label', 'url'], `site.${key}[${i}]`);
        str(link.label, `site.${key}[${i}].label`);
        expect(str(link.url, `site.${key}[${i}].url`)).toMatch(/^\//);
      }
    }
    const nav = arr(site.navigation, 'nav').map((l) => String(obj(l, 'nav').url));
    expect(nav).toEqual(expect.arrayContaining(['/', '/articles', '/topics', '/about', '/search']));
  });

  test('assets: unique keys, existing JPEG files, meaningful alt text', () => {
    expect(assetKeys.size).toBe(assets.length);
    for (const a of assets) {
      onlyKeys(a, ['key', 'file', 'alt'], `asset ${String(a.key)}`);
      expect(str(a.key, 'asset.key')).toMatch(SLUG);
      const file = str(a.file, `asset ${String(a.key)}.file`);
      expect(file).toMatch(/^images\/[a-z0-9-]+\.jpg$/);
      const full = path.join(CONTENT, file);
      expect(fs.existsSync(full)).toBe(true);
      const head = fs.readFileSync(full).subarray(0, 3);
      expect([...head]).toEqual([0xff, 0xd8, 0xff]);
      expect(str(a.alt, `asset ${String(a.key)}.alt`).length).toBeGreaterThan(30);
    }
  });

  test('every image file is listed in assets.yaml, and the folder stays small', () => {
    const files = fs.readdirSync(path.join(CONTENT, 'images')).filter((n) => !n.startsWith('.'));
    const listed = new Set(assets.map((a) => String(a.file)));
    const total = files.reduce(
      (sum, n) => sum + fs.statSync(path.join(CONTENT, 'images', n)).size,
      0,
    );
    for (const n of files) expect(listed.has(`images/${n}`)).toBe(true);
    expect(total).toBeLessThan(12 * 1024 * 1024);
  });

  test('6 authors with bios and avatar assets', () => {
    expect(authors).toHaveLength(6);
    expect(authorSlugs.size).toBe(6);
    for (const a of authors) {
      onlyKeys(a, ['slug', 'name', 'bio', 'avatar'], `author ${String(a.slug)}`);
      expect(str(a.slug, 'author.slug')).toMatch(SLUG);
      str(a.name, 'author.name');
      expect(str(a.bio, 'author.bio').length).toBeGreaterThan(80);
      expect(assetKeys.has(str(a.avatar, 'author.avatar'))).toBe(true);
    }
  });

  test('8 topics with descriptions', () => {
    expect(topics).toHaveLength(8);
    expect(topicSlugs.size).toBe(8);
    for (const t of topics) {
      onlyKeys(t, ['slug', 'name', 'description'], `topic ${String(t.slug)}`);
      expect(str(t.slug, 'topic.slug')).toMatch(SLUG);
      str(t.name, 'topic.name');
      str(t.description, 'topic.description');
    }
  });

  test('embeds are code blocks or pull quotes with unique keys', () => {
    const keys = new Set<string>();
    for (const e of embeds) {
      const key = str(e.key, 'embed.key');
      // embeds.yaml's keys, or a code block a file's text makes, keyed by that file
      // (`<slug>--code-<n>`, a translation's `<slug>.<locale>--code-<n>`).
      expect(key).toMatch(key.includes('--') ? OWNED_CODE : SLUG);
      expect(keys.has(`${String(e.type)}:${key}`)).toBe(false);
      keys.add(`${String(e.type)}:${key}`);
      if (e.type === 'CodeBlock') {
        onlyKeys(e, ['type', 'key', 'language', 'code', 'caption'], `codeBlock ${key}`);
        str(e.language, `codeBlock ${key}.language`);
        str(e.code, `codeBlock ${key}.code`);
        if (e.caption !== undefined) str(e.caption, `codeBlock ${key}.caption`);
      } else if (e.type === 'PullQuote') {
        onlyKeys(e, ['type', 'key', 'quote', 'attribution'], `pullQuote ${key}`);
        str(e.quote, `pullQuote ${key}.quote`);
        if (e.attribution !== undefined) str(e.attribution, `pullQuote ${key}.attribution`);
      } else {
        throw new Error(`embed ${key}: unknown type ${String(e.type)}`);
      }
    }
  });
});

describe('seed content: articles', () => {
  test.each(articles.map((a) => [a.file, a.data] as const))('%s follows the format', (file, a) => {
    onlyKeys(
      a,
      [
        'slug',
        'title',
        'summary',
        'status',
        'publishedAt',
        'updatedAt',
        'authors',
        'topics',
        'heroImage',
        'seo',
        'body',
        // A live blog's coverage and updates (content/README.md#live-blogs; the source contract reads them).
        'live',
      ],
      file,
    );
    const slug = str(a.slug, `${file}.slug`);
    expect(slug).toMatch(SLUG);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(fs.existsSync(path.join(CONTENT, file))).toBe(true);
    str(a.title, `${file}.title`);
    str(a.summary, `${file}.summary`);
    expect(['DRAFT', 'PUBLISHED', 'ARCHIVED']).toContain(a.status);
    const updated = isoDate(a.updatedAt, `${file}.updatedAt`);
    if (a.publishedAt === null) {
      expect(a.status).toBe('DRAFT');
    } else {
      const published = isoDate(a.publishedAt, `${file}.publishedAt`);
      expect(updated).toBeGreaterThanOrEqual(published);
    }
    const as = arr(a.authors, `${file}.authors`).map((s) => str(s, `${file}.authors`));
    expect(as.length).toBeGreaterThanOrEqual(1);
    for (const s of as) expect(authorSlugs.has(s)).toBe(true);
    const ts = arr(a.topics, `${file}.topics`).map((s) => str(s, `${file}.topics`));
    expect(ts.length).toBeGreaterThanOrEqual(1);
    for (const t of ts) expect(topicSlugs.has(t)).toBe(true);
    expect(assetKeys.has(str(a.heroImage, `${file}.heroImage`))).toBe(true);
    if (a.seo !== undefined) {
      const seo = obj(a.seo, `${file}.seo`);
      onlyKeys(seo, ['title', 'description', 'image'], `${file}.seo`);
      if (seo.image !== undefined)
        expect(assetKeys.has(str(seo.image, `${file}.seo.image`))).toBe(true);
    }
    checkRichText(a.body, `${file}.body`);
  });

  test('the set is big enough and covers every state, author and topic', () => {
    const live = articles.filter(
      (a) =>
        a.data.status === 'PUBLISHED' &&
        a.data.publishedAt !== null &&
        Date.parse(String(a.data.publishedAt)) <= NOW,
    );
    const scheduled = articles.filter(
      (a) =>
        a.data.status === 'PUBLISHED' &&
        a.data.publishedAt !== null &&
        Date.parse(String(a.data.publishedAt)) > NOW,
    );
    expect(articles.length).toBeGreaterThanOrEqual(32);
    expect(live.length).toBeGreaterThanOrEqual(30);
    expect(scheduled.length).toBeGreaterThanOrEqual(1);
    expect(articles.some((a) => a.data.status === 'DRAFT')).toBe(true);
    expect(articles.some((a) => a.data.status === 'ARCHIVED')).toBe(true);
    const usedAuthors = new Set(articles.flatMap((a) => (a.data.authors as string[]) ?? []));
    const usedTopics = new Set(articles.flatMap((a) => (a.data.topics as string[]) ?? []));
    expect(usedAuthors).toEqual(authorSlugs);
    expect(usedTopics).toEqual(topicSlugs);
    expect(articles.some((a) => (a.data.authors as string[]).length === 2)).toBe(true);
  });

  test('bodies use every kind of embed and link at least twice', () => {
    const refs = allReferences();
    const count = (pred: (r: { nodeType: string; id: string }) => boolean) =>
      refs.filter(pred).length;
    expect(
      count((r) => r.nodeType === BLOCKS.EMBEDDED_ENTRY && r.id.startsWith('article:')),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count((r) => r.nodeType === BLOCKS.EMBEDDED_ENTRY && r.id.startsWith('codeBlock:')),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count((r) => r.nodeType === BLOCKS.EMBEDDED_ENTRY && r.id.startsWith('pullQuote:')),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count((r) => r.nodeType === INLINES.EMBEDDED_ENTRY && /^(author|topic):/.test(r.id)),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count((r) => r.nodeType === INLINES.ENTRY_HYPERLINK && r.id.startsWith('article:')),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count((r) => r.nodeType === INLINES.ENTRY_HYPERLINK && r.id.startsWith('page:')),
    ).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.nodeType === BLOCKS.EMBEDDED_ASSET)).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.nodeType === INLINES.ASSET_HYPERLINK)).toBeGreaterThanOrEqual(2);
  });
});

describe('seed content: pages', () => {
  const BLOCK_TYPES = [
    'HeroBlock',
    'FeaturedArticlesBlock',
    'ArticleListBlock',
    'RichTextBlock',
    'CalloutBlock',
    'ImageBlock',
    'NewsletterSignupBlock',
  ];

  function link(v: Json, where: string): void {
    const l = obj(v, where);
    onlyKeys(l, ['label', 'url'], where);
    str(l.label, `${where}.label`);
    expect(str(l.url, `${where}.url`)).toMatch(/^(\/|https:\/\/|mailto:)/);
  }

  function checkBlock(b: Obj, where: string): void {
    switch (b.type) {
      case 'HeroBlock':
        onlyKeys(b, ['type', 'heading', 'subheading', 'image', 'callToAction'], where);
        str(b.heading, `${where}.heading`);
        if (b.subheading !== undefined) str(b.subheading, `${where}.subheading`);
        if (b.image !== undefined) expect(assetKeys.has(str(b.image, `${where}.image`))).toBe(true);
        if (b.callToAction !== undefined) link(b.callToAction, `${where}.callToAction`);
        break;
      case 'FeaturedArticlesBlock': {
        onlyKeys(b, ['type', 'heading', 'articles'], where);
        const list = arr(b.articles, `${where}.articles`);
        expect(list.length).toBeGreaterThan(0);
        for (const s of list) expect(articleSlugs.has(str(s, `${where}.articles`))).toBe(true);
        break;
      }
      case 'ArticleListBlock':
        onlyKeys(b, ['type', 'heading', 'mode', 'topic', 'count'], where);
        expect(['LATEST', 'BY_TOPIC']).toContain(b.mode);
        if (b.mode === 'BY_TOPIC')
          expect(topicSlugs.has(str(b.topic, `${where}.topic`))).toBe(true);
        else expect(b.topic).toBeUndefined();
        expect(
          Number.isInteger(b.count) && (b.count as number) > 0 && (b.count as number) <= 50,
        ).toBe(true);
        break;
      case 'RichTextBlock':
        onlyKeys(b, ['type', 'body'], where);
        checkRichText(b.body, `${where}.body`);
        break;
      case 'CalloutBlock':
        onlyKeys(b, ['type', 'heading', 'body', 'tone', 'link'], where);
        str(b.body, `${where}.body`);
        expect(['INFO', 'SUCCESS', 'WARNING']).toContain(b.tone);
        if (b.link !== undefined) link(b.link, `${where}.link`);
        break;
      case 'ImageBlock':
        onlyKeys(b, ['type', 'image', 'caption'], where);
        expect(assetKeys.has(str(b.image, `${where}.image`))).toBe(true);
        break;
      case 'NewsletterSignupBlock':
        onlyKeys(b, ['type', 'heading', 'description', 'buttonLabel'], where);
        str(b.heading, `${where}.heading`);
        break;
      default:
        throw new Error(`${where}: unknown block type ${String(b.type)}`);
    }
  }

  test.each(pages.map((p) => [p.file, p.data] as const))('%s follows the format', (file, p) => {
    onlyKeys(p, ['slug', 'title', 'status', 'updatedAt', 'seo', 'blocks'], file);
    const slug = str(p.slug, `${file}.slug`);
    expect(slug).toMatch(SLUG);
    expect(fs.existsSync(path.join(CONTENT, file))).toBe(true);
    str(p.title, `${file}.title`);
    expect(['DRAFT', 'PUBLISHED', 'ARCHIVED']).toContain(p.status);
    isoDate(p.updatedAt, `${file}.updatedAt`);
    if (p.seo !== undefined) {
      const seo = obj(p.seo, `${file}.seo`);
      onlyKeys(seo, ['title', 'description', 'image'], `${file}.seo`);
      if (seo.image !== undefined)
        expect(assetKeys.has(str(seo.image, `${file}.seo.image`))).toBe(true);
    }
    const blocks = arr(p.blocks, `${file}.blocks`);
    expect(blocks.length).toBeGreaterThan(0);
    blocks.forEach((b, i) => checkBlock(obj(b, `${file}.blocks[${i}]`), `${file}.blocks[${i}]`));
  });

  test('home, about and one more page; every block type used', () => {
    expect(pages).toHaveLength(3);
    expect(pageSlugs.has('home')).toBe(true);
    expect(pageSlugs.has('about')).toBe(true);
    const used = new Set(pages.flatMap((p) => (p.data.blocks as Obj[]).map((b) => String(b.type))));
    for (const t of BLOCK_TYPES) expect(used.has(t)).toBe(true);
    const modes = new Set(
      pages.flatMap((p) =>
        (p.data.blocks as Obj[])
          .filter((b) => b.type === 'ArticleListBlock')
          .map((b) => String(b.mode)),
      ),
    );
    expect(modes).toEqual(new Set(['LATEST', 'BY_TOPIC']));
  });
});
