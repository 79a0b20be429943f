import { useLocale, useLocalePath } from '../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleCard_article$key } from '@generated/ArticleCard_article.graphql';
import { Link } from '../routing/Link';
import { formatDate } from './formatDate';
import { Image } from './Image';
import './ArticleCard.css';
import { articlePath } from '../../shared/sitePaths';
import { useMessages } from '../i18n/useMessages';

interface ArticleCardProps {
  article: ArticleCard_article$key;
  /** `feature` draws a larger card with its summary first. */
  variant?: 'standard' | 'feature';
  /** The heading level that fits where the card stands on the page. */
  headingLevel?: 2 | 3;
}

/** An article in a list: image, topic, title, summary, byline. */
export function ArticleCard({ article, variant = 'standard', headingLevel = 3 }: ArticleCardProps) {
  const localize = useLocalePath();
  const locale = useLocale();
  const t = useMessages();
  const data = useFragment(
    graphql`
      fragment ArticleCard_article on Article {
        slug
        title
        summary
        publishedAt
        readingTimeMinutes
        heroImage {
          ...Image_asset
        }
        topics {
          name
        }
        authors {
          name
        }
      }
    `,
    article,
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = localize(articlePath(data.slug));
  return (
    <article className={`article-card article-card--${variant}`}>
      {data.heroImage && (
        <Link to={href} className="article-card__image" tabIndex={-1} aria-hidden="true">
          <Image
            asset={data.heroImage}
            sizes={
              variant === 'feature'
                ? '(min-width: 1120px) 680px, (min-width: 720px) 60vw, 100vw'
                : '(min-width: 1120px) 360px, (min-width: 720px) 45vw, 100vw'
            }
          />
        </Link>
      )}
      <div className="article-card__text">
        {data.topics[0] && <p className="article-card__kicker">{data.topics[0].name}</p>}
        <Heading className="article-card__title">
          <Link to={href}>{data.title}</Link>
        </Heading>
        <p className="article-card__summary">{data.summary}</p>
        <p className="article-card__meta">
          {data.authors.map((author) => author.name).join(' & ')}
          {data.publishedAt && (
            <>
              {data.authors.length > 0 && ' · '}
              <time dateTime={data.publishedAt}>
                {formatDate(data.publishedAt, 'medium', locale)}
              </time>
            </>
          )}
          {` · ${t('card.readingTime', { minutes: data.readingTimeMinutes })}`}
        </p>
      </div>
    </article>
  );
}
