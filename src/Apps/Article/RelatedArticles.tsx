import { graphql, useFragment } from 'react-relay/hooks';
import type { RelatedArticles_article$key } from '@generated/RelatedArticles_article.graphql';
import { ArticleCardList } from '../../components/ArticleCardList';
import { SectionError } from '../../components/SectionError';
import { useMessages } from '../../i18n/useMessages';

export function RelatedArticles({ article }: { article: RelatedArticles_article$key }) {
  const t = useMessages();
  const { related } = useFragment(
    graphql`
      fragment RelatedArticles_article on Article {
        related(first: 3) @catch {
          ...ArticleCardList_articles
        }
      }
    `,
    article,
  );
  if (related.ok && (related.value ?? []).length === 0) return null;
  return (
    <section className="related-articles" aria-labelledby="related-heading">
      <h2 id="related-heading" className="related-articles__heading">
        {t('related.heading')}
      </h2>
      {related.ok ? (
        <ArticleCardList articles={related.value ?? []} headingLevel={3} />
      ) : (
        <SectionError what={t('related.heading')} />
      )}
    </section>
  );
}
