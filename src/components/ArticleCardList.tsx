import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleCardList_articles$key } from '@generated/ArticleCardList_articles.graphql';
import { ArticleCard } from './ArticleCard';
import { LoadMoreButton } from './LoadMoreButton';
import { useMessages } from '../i18n/useMessages';

interface ArticleCardListProps {
  articles: ArticleCardList_articles$key;
  headingLevel?: 2 | 3;
  /** Set by paginated lists. */
  pagination?: { hasNext: boolean; isLoadingNext: boolean; loadNext: () => void };
  /** What an empty list says (interface text; "No articles yet." unless given). */
  emptyText?: string;
}

/** A grid of article cards, with "load more" when the list is paginated. */
export function ArticleCardList({
  articles: articlesRef,
  headingLevel = 2,
  pagination,
  emptyText,
}: ArticleCardListProps) {
  const t = useMessages();
  const articles = useFragment(
    graphql`
      fragment ArticleCardList_articles on Article @relay(plural: true) {
        id
        ...ArticleCard_article
      }
    `,
    articlesRef,
  );
  if (articles.length === 0)
    return <p className="article-card-list__empty">{emptyText ?? t('articles.empty')}</p>;
  return (
    <>
      <ul className="article-card-list">
        {articles.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {pagination?.hasNext && (
        <LoadMoreButton isLoading={pagination.isLoadingNext} onClick={pagination.loadNext} />
      )}
    </>
  );
}
