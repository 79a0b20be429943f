import { graphql, useFragment } from 'react-relay/hooks';
import type { FeaturedArticlesBlock_block$key } from '@generated/FeaturedArticlesBlock_block.graphql';
import { ArticleCard } from '../../../components/ArticleCard';
import { SectionError } from '../../../components/SectionError';

/** Hand-picked articles: the first drawn large, the rest beside it. */
export function FeaturedArticlesBlock({ block }: { block: FeaturedArticlesBlock_block$key }) {
  const { heading, articles } = useFragment(
    graphql`
      fragment FeaturedArticlesBlock_block on FeaturedArticlesBlock {
        heading
        articles @catch {
          id
          ...ArticleCard_article
        }
      }
    `,
    block,
  );
  if (!articles.ok) {
    return (
      <section className="block-section featured-block">
        <header className="block-section__header">
          <h2 className="block-section__heading">{heading}</h2>
        </header>
        <SectionError what={heading} />
      </section>
    );
  }
  if (!articles.value || articles.value.length === 0) return null;
  const [lead, ...rest] = articles.value;
  return (
    <section className="block-section featured-block">
      <header className="block-section__header">
        <h2 className="block-section__heading">{heading}</h2>
      </header>
      <div className="featured-block__grid">
        {lead && <ArticleCard article={lead} variant="feature" />}
        {rest.length > 0 && (
          <ul className="featured-block__rest">
            {rest.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
