import { useLocalePath } from '../../../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleListBlock_block$key } from '@generated/ArticleListBlock_block.graphql';
import { ArticleCardList } from '../../../components/ArticleCardList';
import { SectionError } from '../../../components/SectionError';
import { Link } from '../../../routing/Link';
import { ARTICLES_PATH, topicPath } from '../../../../shared/sitePaths';
import { useMessages } from '../../../i18n/useMessages';

/** The latest articles, or the latest in one topic, with a link to see all. */
export function ArticleListBlock({ block }: { block: ArticleListBlock_block$key }) {
  const localize = useLocalePath();
  const t = useMessages();
  const { heading, mode, topic, articles } = useFragment(
    graphql`
      fragment ArticleListBlock_block on ArticleListBlock {
        heading
        mode
        topic {
          slug
          name
        }
        articles @catch {
          ...ArticleCardList_articles
        }
      }
    `,
    block,
  );
  const seeAll =
    mode === 'BY_TOPIC' && topic
      ? { to: localize(topicPath(topic.slug)), label: t('block.allInTopic', { topic: topic.name }) }
      : { to: localize(ARTICLES_PATH), label: t('block.allArticles') };
  return (
    <section className="block-section">
      <header className="block-section__header">
        <h2 className="block-section__heading">{heading}</h2>
        <Link to={seeAll.to} className="block-section__more">
          {seeAll.label} →
        </Link>
      </header>
      {articles.ok ? (
        <ArticleCardList articles={articles.value ?? []} headingLevel={3} />
      ) : (
        <SectionError what={heading} />
      )}
    </section>
  );
}
