import { documentToReactComponents, type Options } from '@contentful/rich-text-react-renderer';
import { BLOCKS, INLINES, type Block, type Inline } from '@contentful/rich-text-types';
import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import type {
  RichText_richText$data,
  RichText_richText$key,
} from '@generated/RichText_richText.graphql';
import { Image } from '../Image';
import { isSafeHref } from '../../../shared/safeHref';
import { EmbeddedEntryBlock } from './EmbeddedEntryBlock';
import { EntryLink } from './EntryLink';
import { sanitizeRichTextDocument } from '../../../shared/richText/sanitizeRichText';
import './RichText.css';

type Links = RichText_richText$data['links'];

/** The id of the entry or asset a node points at (`data.target.sys.id`). */
function targetId(node: Block | Inline): string | undefined {
  const id = (node.data as { target?: { sys?: { id?: unknown } } }).target?.sys?.id;
  return typeof id === 'string' ? id : undefined;
}

function byId<T extends { readonly id?: string | undefined }>(items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (item.id) map.set(item.id, item);
  return map;
}

function renderOptions(links: Links): Options {
  const blockEntries = byId(links.entries.block);
  const inlineEntries = byId(links.entries.inline);
  const hyperlinkEntries = byId(links.entries.hyperlink);
  const blockAssets = byId(links.assets.block);
  const hyperlinkAssets = byId(links.assets.hyperlink);
  const lookup = <T,>(map: Map<string, T>, node: Block | Inline): T | undefined => {
    const id = targetId(node);
    return id === undefined ? undefined : map.get(id);
  };

  return {
    renderNode: {
      [INLINES.HYPERLINK]: (node, children) => {
        const uri = typeof node.data.uri === 'string' ? node.data.uri : '';
        if (!isSafeHref(uri)) return <>{children}</>;
        const external = /^https?:/i.test(uri);
        return (
          <a href={uri} {...(external ? { rel: 'noopener noreferrer' } : {})}>
            {children}
          </a>
        );
      },
      [INLINES.ENTRY_HYPERLINK]: (node, children) => {
        const entry = lookup(hyperlinkEntries, node);
        return entry ? <EntryLink entry={entry}>{children}</EntryLink> : <>{children}</>;
      },
      [INLINES.EMBEDDED_ENTRY]: (node) => {
        const entry = lookup(inlineEntries, node);
        return entry ? <EntryLink entry={entry} inline /> : null;
      },
      [INLINES.ASSET_HYPERLINK]: (node, children) => {
        const asset = lookup(hyperlinkAssets, node);
        return asset ? <a href={asset.url}>{children}</a> : <>{children}</>;
      },
      [BLOCKS.EMBEDDED_ENTRY]: (node) => {
        const entry = lookup(blockEntries, node);
        return entry ? <EmbeddedEntryBlock entry={entry} /> : null;
      },
      [BLOCKS.EMBEDDED_ASSET]: (node) => {
        const asset = lookup(blockAssets, node);
        return asset ? (
          <figure className="rich-text__figure">
            <Image asset={asset} sizes="(min-width: 720px) 672px, 100vw" />
          </figure>
        ) : null;
      },
      // Resource links (cross-space) are not part of Folio's model.
      [BLOCKS.EMBEDDED_RESOURCE]: () => null,
      [INLINES.EMBEDDED_RESOURCE]: () => null,
      [INLINES.RESOURCE_HYPERLINK]: (_node, children) => <>{children}</>,
      [BLOCKS.TABLE]: (_node, children) => (
        <div className="rich-text__table" tabIndex={0}>
          <table>
            <tbody>{children}</tbody>
          </table>
        </div>
      ),
    },
  };
}

/**
 * A rich-text document with its embeds. Entries and assets come from `links`
 * through their own fragments, in the same query; a node whose target is not
 * there (unpublished, removed) is left out.
 */
export function RichText({
  richText,
  className,
}: {
  richText: RichText_richText$key;
  className?: string;
}) {
  const { json, links } = useFragment(
    graphql`
      fragment RichText_richText on RichText {
        json
        links {
          entries {
            block {
              ... on Node {
                id
              }
              ...EmbeddedEntryBlock_entry
            }
            inline {
              ... on Node {
                id
              }
              ...EntryLink_entry
            }
            hyperlink {
              ... on Node {
                id
              }
              ...EntryLink_entry
            }
          }
          assets {
            block {
              id
              ...Image_asset
            }
            hyperlink {
              id
              url
            }
          }
        }
      }
    `,
    richText,
  );
  const { document } = useMemo(() => sanitizeRichTextDocument(json), [json]);
  const options = useMemo(() => renderOptions(links), [links]);
  if (!document) return null;
  return <div className={className}>{documentToReactComponents(document, options)}</div>;
}
