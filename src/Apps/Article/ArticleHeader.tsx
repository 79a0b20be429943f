import { useLocalePath } from '../../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleHeader_article$key } from '@generated/ArticleHeader_article.graphql';
import { Image } from '../../components/Image';
import { Link } from '../../routing/Link';
import { ArticleByline } from './ArticleByline';
import { topicPath } from '../../../shared/sitePaths';
import { useMessages } from '../../i18n/useMessages';

export function ArticleHeader({ article }: { article: ArticleHeader_article$key }) {
  const localize = useLocalePath();
  const t = useMessages();
  const data = useFragment(
    graphql`
      fragment ArticleHeader_article on Article {
        title
        summary
        topics {
          id
          slug
          name
        }
        heroImage {
          ...Image_asset
        }
        ...ArticleByline_article
      }
    `,
    article,
  );
  return (
    <header className="article-header">
      {data.topics.length > 0 && (
        <ul className="article-header__topics" aria-label={t('article.topics')}>
          {data.topics.map((topic) => (
            <li key={topic.id}>
              <Link to={localize(topicPath(topic.slug))}>{topic.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <h1 className="article-header__title">{data.title}</h1>
      <p className="article-header__summary">{data.summary}</p>
      <ArticleByline article={data} />
      {data.heroImage && (
        <figure className="article-header__hero">
          <Image asset={data.heroImage} priority sizes="(min-width: 1200px) 1120px, 100vw" />
        </figure>
      )}
    </header>
  );
}
