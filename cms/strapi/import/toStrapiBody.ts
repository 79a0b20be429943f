/**
 * Contentful rich text (content/'s article and page bodies) as Strapi 5:
 * an article's `body` dynamic zone of `article.*` components, or the
 * "blocks" (Strapi's rich-text JSON) of a page's rich-text block. Pure: the
 * import (importContent.ts) resolves references through a Resolver.
 *
 * - Text runs become Strapi blocks: paragraph, heading (levels 1–6), list
 *   (ordered/unordered; a nested list is a `list` beside the items, after
 *   the item it belongs to, with `indentLevel`), quote, code; text marks
 *   bold, italic, underline, strikethrough, code; `link` nodes.
 * - Links to Folio's own entries (entry-hyperlink, inline entries) are links
 *   to Folio paths (/articles/slug, /authors/slug, /topics/slug, /slug; the
 *   home page is /); an inline entry's text is its target's title or name.
 *   Asset hyperlinks link to the uploaded file's URL.
 * - In an article, embedded blocks end the text run and become components:
 *   code block → article.code-block, pull quote → article.pull-quote,
 *   article → article.article-card, asset → article.image, table →
 *   article.table. A page's rich text has no components: there an embedded
 *   article, author, topic, page or asset is a paragraph holding a link, a
 *   code block a `code` block, a pull quote a `quote`, a table a paragraph a row.
 * - Strapi's blocks have no rule (`hr`): it is left out. A quote or list item
 *   of several paragraphs keeps them apart with a line break ("\n").
 * References that do not resolve are left out (an inline one keeps its text).
 */

/** A Contentful rich-text node (the shape of content/'s files, api/model/contentFiles.ts). */
export interface RichTextNode {
  nodeType: string;
  data?: {
    target?: { sys?: { id?: string; [key: string]: unknown } };
    uri?: string;
    [key: string]: unknown;
  };
  content?: RichTextNode[];
  value?: string;
  marks?: { type: string }[];
  [key: string]: unknown;
}

export interface StrapiText {
  type: 'text';
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  strikethrough?: true;
  code?: true;
}
export interface StrapiLink {
  type: 'link';
  url: string;
  children: StrapiText[];
}
export type StrapiInline = StrapiText | StrapiLink;
export interface StrapiListItem {
  type: 'list-item';
  children: StrapiInline[];
}
export interface StrapiList {
  type: 'list';
  format: 'ordered' | 'unordered';
  indentLevel?: number;
  children: (StrapiListItem | StrapiList)[];
}
export type StrapiBlock =
  | { type: 'paragraph'; children: StrapiInline[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: StrapiInline[] }
  | { type: 'quote'; children: StrapiInline[] }
  | { type: 'code'; language?: string; children: StrapiText[] }
  | StrapiList;

/** Components of an article's `body` dynamic zone, as Strapi's REST API takes them. */
export type BodyComponent =
  | { __component: 'article.text'; content: StrapiBlock[] }
  | { __component: 'article.code-block'; language: string; code: string; caption: string | null }
  | { __component: 'article.pull-quote'; quote: string; attribution: string | null }
  /** `article`: the documentId of the article shown. */
  | { __component: 'article.article-card'; article: string }
  /** `image`: the numeric id of the uploaded file. */
  | { __component: 'article.image'; image: number; caption: string | null }
  | { __component: 'article.table'; rows: string[][] };

/**
 * What a `<kind>:<key>` reference of content/ points at. `prefix`: the
 * path of the locale it is linked in, other than the default (`/de`,
 * docs/decisions.md#locales); its slug is that locale's.
 */
export type EntryTarget =
  | { kind: 'article'; slug: string; title: string; documentId: string | null; prefix?: string }
  | { kind: 'author' | 'topic'; slug: string; name: string; prefix?: string }
  | { kind: 'page'; slug: string; title: string; prefix?: string }
  | { kind: 'codeBlock'; language: string; code: string; caption?: string }
  | { kind: 'pullQuote'; quote: string; attribution?: string };

export interface AssetTarget {
  /** The uploaded file's numeric id (what a media field takes). */
  id: number;
  url: string;
  alt: string;
}

export interface Resolver {
  /** `id` as written in content/: `article:slug`, `codeBlock:key`, … */
  entry(id: string): EntryTarget | null;
  /** `id` as written in content/: `asset:key`. */
  asset(id: string): AssetTarget | null;
}

const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;
const HEADINGS: Record<string, 1 | 2 | 3 | 4 | 5 | 6> = {
  'heading-1': 1,
  'heading-2': 2,
  'heading-3': 3,
  'heading-4': 4,
  'heading-5': 5,
  'heading-6': 6,
};

const targetId = (node: RichTextNode) => node.data?.target?.sys?.id ?? '';
const children = (node: RichTextNode) => node.content ?? [];
const plain = (text: string): StrapiText => ({ type: 'text', text });

/** The Folio path of an entry a reader can open, or null (code blocks, pull quotes). */
export function folioPath(target: EntryTarget): string | null {
  switch (target.kind) {
    case 'article':
      return `${target.prefix ?? ''}/articles/${target.slug}`;
    case 'author':
      return `${target.prefix ?? ''}/authors/${target.slug}`;
    case 'topic':
      return `${target.prefix ?? ''}/topics/${target.slug}`;
    case 'page':
      return target.slug === 'home'
        ? target.prefix || '/'
        : `${target.prefix ?? ''}/${target.slug}`;
    default:
      return null;
  }
}

/** What a link to an entry says when the rich text gives no words (inline entries). */
function labelOf(target: EntryTarget): string {
  switch (target.kind) {
    case 'article':
    case 'page':
      return target.title;
    case 'author':
    case 'topic':
      return target.name;
    case 'codeBlock':
      return target.code;
    case 'pullQuote':
      return target.quote;
  }
}

function textNode(node: RichTextNode): StrapiText {
  const text: StrapiText = plain(node.value ?? '');
  const marks = new Set((node.marks ?? []).map((mark) => mark.type));
  for (const mark of MARKS) if (marks.has(mark)) text[mark] = true;
  return text;
}

/** The text nodes inside a link (a link holds text only). */
function linkTexts(node: RichTextNode): StrapiText[] {
  return children(node).flatMap((child) =>
    child.nodeType === 'text' ? [textNode(child)] : linkTexts(child),
  );
}

function link(url: string, texts: StrapiText[]): StrapiInline[] {
  const words = texts.filter((text) => text.text !== '');
  return words.length === 0 ? [] : [{ type: 'link', url, children: words }];
}

function inlines(nodes: RichTextNode[], resolver: Resolver): StrapiInline[] {
  return nodes.flatMap((node): StrapiInline[] => {
    switch (node.nodeType) {
      case 'text':
        return node.value ? [textNode(node)] : [];
      case 'hyperlink':
        return typeof node.data?.uri === 'string'
          ? link(node.data.uri, linkTexts(node))
          : linkTexts(node);
      case 'entry-hyperlink': {
        const target = resolver.entry(targetId(node));
        const path = target && folioPath(target);
        return path ? link(path, linkTexts(node)) : linkTexts(node);
      }
      case 'asset-hyperlink': {
        const asset = resolver.asset(targetId(node));
        return asset ? link(asset.url, linkTexts(node)) : linkTexts(node);
      }
      case 'embedded-entry-inline': {
        const target = resolver.entry(targetId(node));
        if (!target) return [];
        const path = folioPath(target);
        if (path) return link(path, [plain(labelOf(target))]);
        return [
          target.kind === 'codeBlock'
            ? { type: 'text', text: target.code, code: true }
            : plain(labelOf(target)),
        ];
      }
      default:
        // Anything else inline (nothing today): its text, if it has any.
        return inlines(children(node), resolver);
    }
  });
}

/** A block's children: never empty (Strapi wants at least one text in a paragraph, heading or quote). */
const atLeastOne = (nodes: StrapiInline[]): StrapiInline[] =>
  nodes.length > 0 ? nodes : [plain('')];

/** Several paragraphs as one run of inlines, kept apart by line breaks. */
function joinedParagraphs(nodes: RichTextNode[], resolver: Resolver): StrapiInline[] {
  const runs = nodes
    .map((node) =>
      node.nodeType === 'paragraph' ? inlines(children(node), resolver) : inlines([node], resolver),
    )
    .filter((run) => run.length > 0);
  return runs.flatMap((run, index) => (index === 0 ? run : [plain('\n'), ...run]));
}

function list(node: RichTextNode, resolver: Resolver, depth: number): StrapiList {
  const items: (StrapiListItem | StrapiList)[] = [];
  for (const item of children(node)) {
    if (item.nodeType !== 'list-item') continue;
    const nested = children(item).filter(
      (child) => child.nodeType === 'ordered-list' || child.nodeType === 'unordered-list',
    );
    const words = children(item).filter((child) => !nested.includes(child));
    items.push({ type: 'list-item', children: joinedParagraphs(words, resolver) });
    for (const inner of nested) items.push(list(inner, resolver, depth + 1));
  }
  const result: StrapiList = {
    type: 'list',
    format: node.nodeType === 'ordered-list' ? 'ordered' : 'unordered',
    children: items,
  };
  if (depth > 0) result.indentLevel = depth;
  return result;
}

/** Plain text of a node (table cells). */
function plainText(node: RichTextNode): string {
  if (node.nodeType === 'text') return node.value ?? '';
  const parts = children(node).map(plainText);
  return node.nodeType === 'table-cell' || node.nodeType === 'table-header-cell'
    ? parts.join('\n')
    : parts.join('');
}

/** A table's rows, each an array of cell strings (the first row is the header). */
export function tableRows(node: RichTextNode): string[][] {
  return children(node)
    .filter((row) => row.nodeType === 'table-row')
    .map((row) => children(row).map(plainText));
}

/** A text block (not an embed), or null for a node that is not one. */
function textBlock(node: RichTextNode, resolver: Resolver): StrapiBlock[] | null {
  const heading = HEADINGS[node.nodeType];
  if (heading)
    return [
      { type: 'heading', level: heading, children: atLeastOne(inlines(children(node), resolver)) },
    ];
  switch (node.nodeType) {
    case 'paragraph':
      return [{ type: 'paragraph', children: atLeastOne(inlines(children(node), resolver)) }];
    case 'ordered-list':
    case 'unordered-list':
      return [list(node, resolver, 0)];
    case 'blockquote':
      return [{ type: 'quote', children: atLeastOne(joinedParagraphs(children(node), resolver)) }];
    case 'hr':
      return [];
    default:
      return null;
  }
}

/** An embed where only blocks can go (a page's rich text): a link, a code block, a quote, rows as paragraphs. */
function degradedEmbed(node: RichTextNode, resolver: Resolver): StrapiBlock[] {
  switch (node.nodeType) {
    case 'embedded-entry-block': {
      const target = resolver.entry(targetId(node));
      if (!target) return [];
      if (target.kind === 'codeBlock')
        return [{ type: 'code', language: target.language, children: [plain(target.code)] }];
      if (target.kind === 'pullQuote')
        return [
          {
            type: 'quote',
            children: [
              plain(target.attribution ? `${target.quote}\n— ${target.attribution}` : target.quote),
            ],
          },
        ];
      const path = folioPath(target);
      return path
        ? [{ type: 'paragraph', children: atLeastOne(link(path, [plain(labelOf(target))])) }]
        : [];
    }
    case 'embedded-asset-block': {
      const asset = resolver.asset(targetId(node));
      return asset
        ? [
            {
              type: 'paragraph',
              children: atLeastOne(link(asset.url, [plain(asset.alt || asset.url)])),
            },
          ]
        : [];
    }
    case 'table':
      return tableRows(node).map((row, index) => ({
        type: 'paragraph',
        children: [
          index === 0
            ? { type: 'text', text: row.join(' | '), bold: true }
            : plain(row.join(' | ')),
        ],
      }));
    default:
      return [];
  }
}

/** A page's rich text (or any rich text without components) as Strapi blocks. */
export function toStrapiBlocks(document: RichTextNode, resolver: Resolver): StrapiBlock[] {
  return children(document).flatMap(
    (node) => textBlock(node, resolver) ?? degradedEmbed(node, resolver),
  );
}

/** An embedded block of an article as its component, or null when it is not one. */
function bodyComponent(node: RichTextNode, resolver: Resolver): BodyComponent | null {
  switch (node.nodeType) {
    case 'embedded-entry-block': {
      const target = resolver.entry(targetId(node));
      if (!target) return null;
      if (target.kind === 'codeBlock')
        return {
          __component: 'article.code-block',
          language: target.language,
          code: target.code,
          caption: target.caption ?? null,
        };
      if (target.kind === 'pullQuote')
        return {
          __component: 'article.pull-quote',
          quote: target.quote,
          attribution: target.attribution ?? null,
        };
      if (target.kind === 'article' && target.documentId)
        return { __component: 'article.article-card', article: target.documentId };
      return null;
    }
    case 'embedded-asset-block': {
      const asset = resolver.asset(targetId(node));
      return asset ? { __component: 'article.image', image: asset.id, caption: null } : null;
    }
    case 'table':
      return { __component: 'article.table', rows: tableRows(node) };
    default:
      return null;
  }
}

/** An article's body as its `body` dynamic zone: text runs between the embeds. */
export function toStrapiBody(document: RichTextNode, resolver: Resolver): BodyComponent[] {
  const body: BodyComponent[] = [];
  let run: StrapiBlock[] = [];
  const flush = () => {
    if (run.length > 0) body.push({ __component: 'article.text', content: run });
    run = [];
  };
  for (const node of children(document)) {
    const text = textBlock(node, resolver);
    if (text) {
      run.push(...text);
      continue;
    }
    const component = bodyComponent(node, resolver);
    if (component) {
      flush();
      body.push(component);
    } else {
      // An embed with no component of its own (an author, a topic, a page, an unresolved article): a link in the text.
      run.push(...degradedEmbed(node, resolver));
    }
  }
  flush();
  return body;
}
