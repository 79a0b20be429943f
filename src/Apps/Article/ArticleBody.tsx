import { documentToReactComponents, type Options } from '@contentful/rich-text-react-renderer';
import { BLOCKS, INLINES, type Document } from '@contentful/rich-text-types';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleBody_article$key } from '@generated/ArticleBody_article.graphql';
import { isSafeHref } from '../../components/safeHref';

// Plain rendering of the body. Embedded entries and assets are resolved from
// `body.links` by the full rich-text renderer (reader-experience work); until
// then they are left out rather than shown half-done.
const options: Options = {
  renderNode: {
    [INLINES.HYPERLINK]: (node, children) => {
      const uri = typeof node.data.uri === 'string' ? node.data.uri : '';
      return isSafeHref(uri) ? <a href={uri}>{children}</a> : <>{children}</>;
    },
    [INLINES.ENTRY_HYPERLINK]: (_node, children) => <>{children}</>,
    [INLINES.ASSET_HYPERLINK]: (_node, children) => <>{children}</>,
    [INLINES.EMBEDDED_ENTRY]: () => null,
    [BLOCKS.EMBEDDED_ENTRY]: () => null,
    [BLOCKS.EMBEDDED_ASSET]: () => null,
  },
};

function isDocument(value: unknown): value is Document {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { nodeType?: unknown }).nodeType === BLOCKS.DOCUMENT &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

export function ArticleBody({ article }: { article: ArticleBody_article$key }) {
  const { body } = useFragment(
    graphql`
      fragment ArticleBody_article on Article {
        body {
          json
        }
      }
    `,
    article,
  );
  if (!isDocument(body.json)) return null;
  return <div className="article-body">{documentToReactComponents(body.json, options)}</div>;
}
