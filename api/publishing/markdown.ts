import {
  BLOCKS,
  CONTAINERS,
  INLINES,
  MARKS,
  TOP_LEVEL_BLOCKS,
  validateRichTextDocument,
  type Document,
} from '@contentful/rich-text-types';
import type {
  Code,
  Definition,
  Image,
  ImageReference,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast';
import type { LeafDirective, TextDirective } from 'mdast-util-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { directive } from 'micromark-extension-directive';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { isSafeHref } from '../../shared/safeHref';
import { isValidSlug, RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_NODES } from '../../shared/limits';
import type { RichTextNode } from '../model/contentFiles';
import type { NamedReference } from '../model/recordKinds';
import { ASSET_KIND, REFERENCE_KINDS } from '../model/richText';
import type { FileProblems } from './problems';
import { IMAGES_FOLDER, imagePathOf, type OwnedEntries } from './ownedEntries';

/**
 * Markdown as writers write it (CommonMark, GitHub's tables and
 * strikethrough, YAML front matter, and directives for embeds), parsed by
 * micromark into mdast, with positions for every node.
 */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, {
    extensions: [frontmatter(['yaml']), directive(), gfm()],
    mdastExtensions: [
      frontmatterFromMarkdown(['yaml']),
      directiveFromMarkdown(),
      gfmFromMarkdown(),
    ],
  });
}

/** A `<kind>:<key>` a document names, and the line it is named on. */
export type { NamedReference };

export interface RichTextContext {
  /** The Markdown the nodes were parsed from (an unknown `:word` goes back into the text as written). */
  source: string;
  problems: FileProblems;
  /** Added to the nodes' lines: Markdown inside a YAML block starts further down its file. */
  lineOffset?: number;
  /** Filled with every reference the document makes. */
  references: NamedReference[];
  /**
   * Where fenced code blocks and images placed by their file go, as entries
   * of their own (an article's or a page's text); without it they are problems.
   */
  owned?: OwnedEntries;
}

type Marks = readonly string[];
/** A converted block and the line it came from (for "cannot be inside" problems). */
type Built = { node: RichTextNode; line: number };

/** The writer's words for a rich-text node type, in problems. */
const NODE_NAMES: Record<string, string> = {
  [BLOCKS.PARAGRAPH]: 'a paragraph',
  [BLOCKS.HEADING_2]: 'a heading',
  [BLOCKS.HEADING_3]: 'a heading',
  [BLOCKS.HEADING_4]: 'a heading',
  [BLOCKS.OL_LIST]: 'a numbered list',
  [BLOCKS.UL_LIST]: 'a bulleted list',
  [BLOCKS.LIST_ITEM]: 'a list item',
  [BLOCKS.QUOTE]: 'a quote',
  [BLOCKS.HR]: 'a horizontal rule',
  [BLOCKS.TABLE]: 'a table',
  [BLOCKS.TABLE_CELL]: 'a table cell',
  [BLOCKS.TABLE_HEADER_CELL]: 'a table cell',
  [BLOCKS.EMBEDDED_ENTRY]: 'an embed',
  [BLOCKS.EMBEDDED_ASSET]: 'an image',
  [BLOCKS.DOCUMENT]: 'the text',
};

/** The lowest and highest heading a body may use: the page's title is its only level-1 heading. */
const HEADING_LEVELS = { min: 2, max: 4 } as const;

export const EMBED_DIRECTIVE = 'embed';

/**
 * Markdown blocks (a body, after its front matter) as a Contentful rich-text
 * document, the format the client renders, with references as
 * `<kind>:<key>`:
 *
 * - paragraphs, headings `##`–`####`, bulleted and numbered lists, quotes,
 *   `---` rules and tables; **bold**, *italic*, `code` and ~~struck~~ text;
 * - `[words](https://…)` a link, `[words](article:slug)` a link to an entry,
 *   `[words](asset:key)` a link to an asset's file;
 * - `![](asset:key)` alone in its paragraph: the asset, shown as a figure;
 * - `::embed{entry="codeBlock:key"}` on a line of its own: the entry, shown
 *   as a block (code block, pull quote, article card);
 * - `:embed{entry="author:slug"}` inside a sentence: the entry's name, linked.
 *
 * What rich text cannot hold (a level-1 heading, raw HTML, a fenced code
 * block, footnotes, task lists, a line break inside a paragraph) is a
 * problem on its line, never dropped in silence. The result is validated
 * with `validateRichTextDocument` and against the size limits the client
 * renders (shared/limits.ts).
 */
export function markdownToRichText(
  nodes: readonly RootContent[],
  context: RichTextContext,
): RichTextNode {
  const convert = new Converter(context, nodes);
  const content = convert.blocks(nodes, BLOCKS.DOCUMENT);
  const document: RichTextNode = { nodeType: BLOCKS.DOCUMENT, data: {}, content };
  checkLimits(document, context);
  for (const error of validateRichTextDocument(document as unknown as Document)) {
    context.problems.add(
      1 + (context.lineOffset ?? 0),
      `the text is not valid rich text: ${error.details ?? error.name} at ${(error.path ?? []).join('.')}`,
    );
  }
  return document;
}

/**
 * A plain-text body (an author's bio, a topic's description): one paragraph
 * of words, lines joined with spaces. Formatting would be shown as typed, so
 * it is a problem.
 */
export function markdownToPlainText(
  nodes: readonly RootContent[],
  context: Pick<RichTextContext, 'problems' | 'lineOffset'>,
  what: string,
): string {
  const paragraphs = nodes.filter((node) => node.type !== 'definition');
  const line = (node: Nodes) => (node.position?.start.line ?? 1) + (context.lineOffset ?? 0);
  if (paragraphs.length !== 1 || paragraphs[0]!.type !== 'paragraph') {
    context.problems.add(
      paragraphs[1] ? line(paragraphs[1]) : paragraphs[0] ? line(paragraphs[0]) : 1,
      `${what} is one paragraph of plain text`,
    );
    return '';
  }
  const words: string[] = [];
  for (const child of paragraphs[0].children) {
    if (child.type === 'text') words.push(child.value);
    else context.problems.add(line(child), `${what} is plain text: no formatting, links or embeds`);
  }
  return words
    .join('')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

class Converter {
  private readonly definitions = new Map<string, Definition>();

  constructor(
    private readonly context: RichTextContext,
    nodes: readonly RootContent[],
  ) {
    for (const node of nodes)
      if (node.type === 'definition') this.definitions.set(node.identifier, node);
  }

  private line(node: Nodes): number {
    return (node.position?.start.line ?? 1) + (this.context.lineOffset ?? 0);
  }

  private problem(node: Nodes, message: string): void {
    this.context.problems.add(this.line(node), message);
  }

  /** Blocks inside `parent`: each converted, and each checked against what the parent may hold. */
  blocks(nodes: readonly RootContent[], parent: string): RichTextNode[] {
    const built = nodes.flatMap((node) => this.block(node));
    const allowed: readonly string[] =
      parent === BLOCKS.DOCUMENT
        ? TOP_LEVEL_BLOCKS
        : ((CONTAINERS as Record<string, readonly string[]>)[parent] ?? []);
    return built.flatMap(({ node, line }) => {
      if (allowed.includes(node.nodeType)) return [node];
      this.context.problems.add(
        line,
        `${NODE_NAMES[node.nodeType] ?? node.nodeType} cannot be inside ${NODE_NAMES[parent] ?? parent}`,
      );
      return [];
    });
  }

  private block(node: RootContent): Built[] {
    const line = this.line(node);
    const built = (
      nodeType: string,
      content: RichTextNode[],
      data: RichTextNode['data'] = {},
    ): Built[] => [{ node: { nodeType, data, content }, line }];
    switch (node.type) {
      case 'paragraph': {
        const asset = this.assetFigure(node.children);
        if (asset === 'reported') return [];
        if (asset) return [{ node: asset, line }];
        return built(BLOCKS.PARAGRAPH, this.inline(node.children, []));
      }
      case 'heading':
        if (node.depth < HEADING_LEVELS.min || node.depth > HEADING_LEVELS.max) {
          this.problem(
            node,
            node.depth < HEADING_LEVELS.min
              ? 'a section heading starts with ## (the title is the page’s only level-1 heading)'
              : `headings go down to ${'#'.repeat(HEADING_LEVELS.max)}`,
          );
          return [];
        }
        return built(`heading-${node.depth}`, this.inline(node.children, []));
      case 'list':
        if (node.ordered && (node.start ?? 1) !== 1)
          this.problem(node, 'a numbered list starts at 1 (rich text numbers its items itself)');
        return built(
          node.ordered ? BLOCKS.OL_LIST : BLOCKS.UL_LIST,
          this.blocks(node.children, node.ordered ? BLOCKS.OL_LIST : BLOCKS.UL_LIST),
        );
      case 'listItem':
        if (node.checked !== null && node.checked !== undefined)
          this.problem(node, 'task lists ([ ] and [x]) are not part of rich text');
        return built(BLOCKS.LIST_ITEM, this.blocks(node.children, BLOCKS.LIST_ITEM));
      case 'blockquote':
        return built(BLOCKS.QUOTE, this.blocks(node.children, BLOCKS.QUOTE));
      case 'thematicBreak':
        return built(BLOCKS.HR, []);
      case 'table':
        return built(BLOCKS.TABLE, this.table(node));
      case 'leafDirective':
        return this.embedBlock(node);
      case 'definition':
        // `[name]: url` lines: read by the links that use them.
        return [];
      case 'code':
        return this.fencedCode(node, line);
      case 'html':
        this.problem(node, 'HTML is not part of rich text: write Markdown');
        return [];
      case 'yaml':
        this.problem(node, 'front matter (---) comes first in the file, once');
        return [];
      case 'footnoteDefinition':
        this.problem(node, 'footnotes are not part of rich text');
        return [];
      case 'containerDirective':
        this.problem(
          node,
          `:::${node.name} is not a Folio block: embeds are ::embed{entry="<kind>:<key>"}`,
        );
        return [];
      default:
        this.problem(node, `${node.type} cannot stand here`);
        return [];
    }
  }

  /** A fenced code block: a code block of the file's own (ownedEntries.ts), embedded where it stands. */
  private fencedCode(node: Code, line: number): Built[] {
    const owned = this.context.owned;
    if (!owned) {
      this.problem(node, 'a code block belongs in an article’s or a page’s text');
      return [];
    }
    if (!node.lang) {
      this.problem(
        node,
        'a code block names its language after the opening fence, as ```ts (```text for plain text)',
      );
      return [];
    }
    if (node.value.trim() === '') {
      this.problem(node, 'this code block has no code');
      return [];
    }
    const id = owned.codeBlock(node.lang, node.value.replace(/\s+$/, ''), line);
    this.note(node, id);
    return [
      { node: { nodeType: BLOCKS.EMBEDDED_ENTRY, data: linkTo('Entry', id), content: [] }, line },
    ];
  }

  /** `![](asset:key)` alone in a paragraph: the asset as a figure ('reported' when it was one, with problems). */
  private assetFigure(children: readonly PhrasingContent[]): RichTextNode | 'reported' | null {
    const meaningful = children.filter(
      (child) => !(child.type === 'text' && child.value.trim() === ''),
    );
    const only = meaningful.length === 1 ? meaningful[0]! : null;
    if (!only || (only.type !== 'image' && only.type !== 'imageReference')) return null;
    const url = only.type === 'image' ? only.url : this.definitions.get(only.identifier)?.url;
    if (url === undefined) {
      this.problem(
        only,
        `no [${only.type === 'imageReference' ? only.identifier : ''}]: line gives this image's address`,
      );
      return 'reported';
    }
    const file = imagePathOf(url);
    if (file !== null) return this.imageByFile(only, file, url);
    if (
      !/^[a-zA-Z]+:/.test(url) ||
      !(REFERENCE_KINDS as readonly string[]).includes(url.slice(0, url.indexOf(':')))
    ) {
      this.problem(
        only,
        `an image is a file in ${IMAGES_FOLDER}/, ![what it shows](${IMAGES_FOLDER}/photo.jpg), or an asset of assets.yaml, ![](asset:<key>): not ![${only.alt ?? ''}](${url})`,
      );
      return 'reported';
    }
    const id = this.reference(only, url);
    if (!id) return 'reported';
    if (!id.startsWith(`${ASSET_KIND}:`)) {
      this.problem(
        only,
        `![](…) shows an asset (asset:<key>); to show ${id} write ::embed{entry="${id}"}`,
      );
      return 'reported';
    }
    if (only.alt)
      this.problem(
        only,
        `an image's text for readers who cannot see it is kept with the asset (its alt in assets.yaml): write ![](${id})`,
      );
    this.note(only, id);
    return { nodeType: BLOCKS.EMBEDDED_ASSET, data: linkTo('Asset', id), content: [] };
  }

  /** `![what it shows](images/photo.jpg)`: the file as an asset of this text's own, with that alt text. */
  private imageByFile(
    node: Image | ImageReference,
    file: string,
    /** The address as the writer wrote it (`../images/x.jpg`), for the problems. */
    url: string,
  ): RichTextNode | 'reported' {
    const owned = this.context.owned;
    if (!owned) {
      this.problem(node, `an image placed by its file belongs in an article’s or a page’s text`);
      return 'reported';
    }
    if (!owned.hasImage(file)) {
      const refused = owned.refusal(file);
      this.problem(
        node,
        refused
          ? `${file} is not shown: ${refused}`
          : `there is no file ${file} (this image names ${url})`,
      );
      return 'reported';
    }
    const alt = node.alt?.trim() ?? '';
    if (alt === '') {
      this.problem(
        node,
        `an image needs its text for readers who cannot see it: ![what it shows](${url})`,
      );
      return 'reported';
    }
    const id = owned.image(file, alt, this.line(node));
    this.note(node, id);
    return { nodeType: BLOCKS.EMBEDDED_ASSET, data: linkTo('Asset', id), content: [] };
  }

  /** `::embed{entry="<kind>:<key>"}`: an entry shown as a block. */
  private embedBlock(node: LeafDirective): Built[] {
    if (node.name !== EMBED_DIRECTIVE) {
      this.problem(
        node,
        `::${node.name} is not a Folio block: embeds are ::embed{entry="<kind>:<key>"}`,
      );
      return [];
    }
    const id = this.embedTarget(node);
    if (!id) return [];
    if (node.children.length > 0)
      this.problem(node, 'an embed shows the entry itself: ::embed takes no [text]');
    return [
      {
        node: { nodeType: BLOCKS.EMBEDDED_ENTRY, data: linkTo('Entry', id), content: [] },
        line: this.line(node),
      },
    ];
  }

  /** The entry an `embed` directive names, checked. */
  private embedTarget(node: LeafDirective | TextDirective): string | null {
    const attributes = node.attributes ?? {};
    const unknown = Object.keys(attributes).filter((name) => name !== 'entry');
    if (unknown.length > 0)
      this.problem(node, `embed takes only entry="<kind>:<key>" (not ${unknown.join(', ')})`);
    const entry = attributes.entry;
    if (!entry) {
      this.problem(node, 'embed needs the entry it shows: entry="<kind>:<key>"');
      return null;
    }
    const id = this.reference(node, entry);
    if (id?.startsWith(`${ASSET_KIND}:`)) {
      this.problem(node, `an asset is shown as an image: ![](${id})`);
      return null;
    }
    if (id) this.note(node, id);
    return id;
  }

  /** Checks the form of a `<kind>:<key>` (whether it exists is the folder's business). */
  private reference(node: Nodes, value: string): string | null {
    const colon = value.indexOf(':');
    const kind = value.slice(0, colon);
    const key = value.slice(colon + 1);
    if (colon <= 0 || !(REFERENCE_KINDS as readonly string[]).includes(kind)) {
      this.problem(
        node,
        `"${value}" names no entry: write <kind>:<key> with a kind of ${REFERENCE_KINDS.join(', ')}`,
      );
      return null;
    }
    if (!isValidSlug(key)) {
      this.problem(node, `"${key}" is not a key: lowercase letters, digits and single hyphens`);
      return null;
    }
    return value;
  }

  /** A reference the document makes, and its line. */
  private note(node: Nodes, id: string): void {
    this.context.references.push({ id, line: this.line(node) });
  }

  private table(node: Table): RichTextNode[] {
    return node.children.map((row, index) => ({
      nodeType: BLOCKS.TABLE_ROW,
      data: {},
      content: row.children.map((cell) => ({
        nodeType: index === 0 ? BLOCKS.TABLE_HEADER_CELL : BLOCKS.TABLE_CELL,
        data: {},
        content: [
          { nodeType: BLOCKS.PARAGRAPH, data: {}, content: this.inline(cell.children, []) },
        ],
      })),
    }));
  }

  /** Phrasing content as text nodes (with marks) and inline nodes; neighbouring texts with the same marks are one. */
  private inline(nodes: readonly PhrasingContent[], marks: Marks): RichTextNode[] {
    return mergeTexts(nodes.flatMap((node) => this.phrasing(node, marks)));
  }

  private phrasing(node: PhrasingContent, marks: Marks): RichTextNode[] {
    const withMark = (mark: string) => (marks.includes(mark) ? marks : [...marks, mark]);
    switch (node.type) {
      case 'text':
        // A line break in the source is a space on the page.
        return [text(node.value.replace(/[ \t]*\n[ \t]*/g, ' '), marks)];
      case 'strong':
        return node.children.flatMap((child) => this.phrasing(child, withMark(MARKS.BOLD)));
      case 'emphasis':
        return node.children.flatMap((child) => this.phrasing(child, withMark(MARKS.ITALIC)));
      case 'delete':
        return node.children.flatMap((child) =>
          this.phrasing(child, withMark(MARKS.STRIKETHROUGH)),
        );
      case 'inlineCode':
        return [text(node.value, withMark(MARKS.CODE))];
      case 'link':
        return this.link(node, node.url, node.children, marks);
      case 'linkReference': {
        const definition = this.definitions.get(node.identifier);
        if (!definition) return [text(this.sourceOf(node), marks)];
        return this.link(node, definition.url, node.children, marks);
      }
      case 'textDirective':
        return this.textDirective(node, marks);
      case 'break':
        this.problem(
          node,
          'a line break inside a paragraph is not kept: start a new paragraph (a blank line) instead',
        );
        return [];
      case 'image':
      case 'imageReference':
        this.problem(
          node,
          'an image stands in a paragraph of its own: ![](asset:<key>) with blank lines around it',
        );
        return [];
      case 'html':
        this.problem(node, 'HTML is not part of rich text: write Markdown');
        return [];
      case 'footnoteReference':
        this.problem(node, 'footnotes are not part of rich text');
        return [];
      default:
        this.problem(node, `${(node as Nodes).type} cannot stand inside a sentence`);
        return [];
    }
  }

  private link(
    node: Nodes,
    url: string,
    children: readonly PhrasingContent[],
    marks: Marks,
  ): RichTextNode[] {
    const content = this.linkText(children, marks);
    if ((REFERENCE_KINDS as readonly string[]).includes(url.slice(0, url.indexOf(':')))) {
      const id = this.reference(node, url);
      if (!id) return content;
      this.note(node, id);
      const asset = id.startsWith(`${ASSET_KIND}:`);
      return [
        {
          nodeType: asset ? INLINES.ASSET_HYPERLINK : INLINES.ENTRY_HYPERLINK,
          data: linkTo(asset ? 'Asset' : 'Entry', id),
          content,
        },
      ];
    }
    if (!isSafeHref(url)) {
      this.problem(
        node,
        `"${url}" is not a link a reader may follow: use https://, http://, mailto: or a path on this site`,
      );
      return content;
    }
    return [{ nodeType: INLINES.HYPERLINK, data: { uri: url }, content }];
  }

  /** A link's words: text with marks only (rich text links hold nothing else). */
  private linkText(children: readonly PhrasingContent[], marks: Marks): RichTextNode[] {
    const content = this.inline(children, marks);
    const words = content.filter((child) => child.nodeType === 'text');
    if (words.length !== content.length)
      this.problem(
        children[0] ?? ({ type: 'text', value: '' } as Nodes),
        'a link holds words only (no links, images or embeds inside it)',
      );
    return words.length > 0 ? words : [text('', marks)];
  }

  /** `:embed{entry=…}` inside a sentence; any other `:word` is text as written (a time, 10:30, or a ratio, 1:2). */
  private textDirective(node: TextDirective, marks: Marks): RichTextNode[] {
    if (node.name !== EMBED_DIRECTIVE) return [text(this.sourceOf(node), marks)];
    const id = this.embedTarget(node);
    if (!id) return [];
    if (node.children.length > 0)
      this.problem(
        node,
        `an embed shows the entry's own name: for your own words write a link, [words](${id})`,
      );
    return [{ nodeType: INLINES.EMBEDDED_ENTRY, data: linkTo('Entry', id), content: [] }];
  }

  private sourceOf(node: Nodes): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? '' : this.context.source.slice(start, end);
  }
}

/** A node's link to an entry or asset, as Contentful writes it (`data.target.sys`). */
function linkTo(linkType: 'Entry' | 'Asset', id: string): RichTextNode['data'] {
  return { target: { sys: { type: 'Link', linkType, id } as { id: string } } };
}

function text(value: string, marks: Marks): RichTextNode {
  return { nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} };
}

function markTypes(node: RichTextNode): string {
  return ((node.marks as { type: string }[] | undefined) ?? []).map((mark) => mark.type).join(',');
}

function mergeTexts(nodes: RichTextNode[]): RichTextNode[] {
  const merged: RichTextNode[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.nodeType === 'text' && node.value === '' && nodes.length > 1) continue;
    if (
      last?.nodeType === 'text' &&
      node.nodeType === 'text' &&
      markTypes(last) === markTypes(node)
    )
      merged[merged.length - 1] = { ...last, value: `${last.value ?? ''}${node.value ?? ''}` };
    else merged.push(node);
  }
  return merged;
}

/** The client renders at most RICH_TEXT_MAX_DEPTH levels and RICH_TEXT_MAX_NODES nodes (and drops the rest): a body that needs more is a problem now. */
function checkLimits(document: RichTextNode, context: RichTextContext): void {
  let nodes = 0;
  let depth = 0;
  const walk = (node: RichTextNode, level: number) => {
    nodes += 1;
    depth = Math.max(depth, level);
    for (const child of node.content ?? []) walk(child, level + 1);
  };
  walk(document, 0);
  const line = 1 + (context.lineOffset ?? 0);
  if (nodes > RICH_TEXT_MAX_NODES)
    context.problems.add(
      line,
      `the text is too long for a page: ${nodes.toLocaleString('en-US')} rich-text nodes, at most ${RICH_TEXT_MAX_NODES.toLocaleString('en-US')}`,
    );
  if (depth > RICH_TEXT_MAX_DEPTH)
    context.problems.add(
      line,
      `the text nests too deep: ${depth} levels, at most ${RICH_TEXT_MAX_DEPTH}`,
    );
}
