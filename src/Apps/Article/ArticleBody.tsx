import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleBody_article$key } from '@generated/ArticleBody_article.graphql';
import { RichText } from '../../components/RichText/RichText';

export function ArticleBody({ article }: { article: ArticleBody_article$key }) {
  const { body } = useFragment(
    graphql`
      fragment ArticleBody_article on Article {
        body {
          ...RichText_richText
        }
      }
    `,
    article,
  );
  return <RichText richText={body} className="article-body" />;
}
