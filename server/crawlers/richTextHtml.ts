import { documentToHtmlString, type Options } from '@contentful/rich-text-html-renderer';
import {
  BLOCKS,
  INLINES,
  type Block,
  type Document,
  type Inline,
} from '@contentful/rich-text-types';
import { isSafeHref } from '../../shared/safeHref';
import type { LinkedTarget } from './linkedTargets';
import { escapeXml as escape } from './xml';

interface RenderContext {
  /** The article's absolute URL: relative links in its body are resolved against it. */
  base: string;
  targets: Map<string, LinkedTarget>;
}

function targetOf(
  node: Block | Inline,
  targets: Map<string, LinkedTarget>,
): LinkedTarget | undefined {
  const id = (node.data as { target?: { sys?: { id?: unknown } } }).target?.sys?.id;
  return typeof id === 'string' ? targets.get(id) : undefined;
}

/** An absolute URL for a safe href (docs/errors.md#validation: http(s), mailto or relative), or null. */
export function absoluteHref(href: string, base: string): string | null {
  if (!isSafeHref(href)) return null;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return null;
  }
}

const link = (href: string, inner: string) => `<a href="${escape(href)}">${inner}</a>`;

function renderOptions({ base, targets }: RenderContext): Options {
  const absolute = (path: string) => new URL(path, base).href;
  const entry = (node: Block | Inline) => {
    const target = targetOf(node, targets);
    return target?.kind === 'entry' ? target : undefined;
  };
  return {
    renderNode: {
      [INLINES.HYPERLINK]: (node, next) => {
        const href = typeof node.data.uri === 'string' ? absoluteHref(node.data.uri, base) : null;
        return href ? link(href, next(node.content)) : next(node.content);
      },
      [INLINES.ENTRY_HYPERLINK]: (node, next) => {
        const target = entry(node);
        return target ? link(absolute(target.path), next(node.content)) : next(node.content);
      },
      [INLINES.EMBEDDED_ENTRY]: (node) => {
        const target = entry(node);
        return target ? link(absolute(target.path), escape(target.label)) : '';
      },
      [INLINES.ASSET_HYPERLINK]: (node, next) => {
        const target = targetOf(node, targets);
        return target?.kind === 'asset'
          ? link(absolute(target.path), next(node.content))
          : next(node.content);
      },
      [BLOCKS.EMBEDDED_ASSET]: (node) => {
        const target = targetOf(node, targets);
        if (target?.kind !== 'asset') return '';
        return `<figure><img src="${escape(absolute(target.path))}" alt="${escape(target.alt)}" width="${target.width}" height="${target.height}"/></figure>`;
      },
      [BLOCKS.EMBEDDED_ENTRY]: (node) => {
        const target = targetOf(node, targets);
        if (target?.kind === 'entry')
          return `<p>${link(absolute(target.path), escape(target.label))}</p>`;
        if (target?.kind === 'code')
          return `<figure><pre><code>${escape(target.code)}</code></pre>${target.caption ? `<figcaption>${escape(target.caption)}</figcaption>` : ''}</figure>`;
        if (target?.kind === 'quote')
          return `<blockquote><p>${escape(target.quote)}</p>${target.attribution ? `<footer>${escape(target.attribution)}</footer>` : ''}</blockquote>`;
        return '';
      },
      // Resource links (cross-space) are not part of Folio's model (as in src/components/RichText).
      [BLOCKS.EMBEDDED_RESOURCE]: () => '',
      [INLINES.EMBEDDED_RESOURCE]: () => '',
      [INLINES.RESOURCE_HYPERLINK]: (node, next) => next(node.content),
    },
  };
}

/** A sanitized rich-text document as HTML for feed readers: every URL absolute, nothing a reader may not see. */
export function richTextToHtml(document: Document, context: RenderContext): string {
  return documentToHtmlString(document, renderOptions(context));
}
