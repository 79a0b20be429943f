import { useEffect } from 'react';
import { graphql } from 'react-relay/hooks';
import type { ArticlePageQuery } from '@generated/ArticlePageQuery.graphql';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { NotFoundPage } from '../Shell/NotFoundPage';
import { ArticleBody } from './ArticleBody';
import { ArticleHeader } from './ArticleHeader';
import './Article.css';

export const articlePageQuery = graphql`
  query ArticlePageQuery($slug: String!) {
    article(slug: $slug) {
      title
      ...ArticleHeader_article
      ...ArticleBody_article
    }
  }
`;

/** `/articles/:slug`: one article. */
export default function ArticlePage() {
  const { article } = useRouteQuery<ArticlePageQuery>(articlePageQuery);
  const title = article?.title;
  useEffect(() => {
    if (title) document.title = `${title} — Folio`;
  }, [title]);
  if (!article) return <NotFoundPage />;
  return (
    <article className="article">
      <ArticleHeader article={article} />
      <ArticleBody article={article} />
    </article>
  );
}
