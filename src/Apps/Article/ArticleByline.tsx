import { useLocale, useLocalePath } from '../../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleByline_article$key } from '@generated/ArticleByline_article.graphql';
import { formatDate } from '../../components/formatDate';
import { Link } from '../../routing/Link';
import { authorPath } from '../../../shared/sitePaths';
import { useMessages } from '../../i18n/useMessages';

export function ArticleByline({ article }: { article: ArticleByline_article$key }) {
  const localize = useLocalePath();
  const locale = useLocale();
  const t = useMessages();
  const { authors, publishedAt, readingTimeMinutes } = useFragment(
    graphql`
      fragment ArticleByline_article on Article {
        authors {
          id
          slug
          name
        }
        publishedAt
        readingTimeMinutes
      }
    `,
    article,
  );
  return (
    <p className="article-byline">
      {authors.length > 0 && (
        <span className="article-byline__authors">
          {/* "By Ann, Bo and Cy": each name a link, the words around them messages. */}
          {t('article.by')}{' '}
          {authors.map((author, index) => (
            <span key={author.id}>
              {index > 0 && (index === authors.length - 1 ? ` ${t('list.and')} ` : ', ')}
              <Link to={localize(authorPath(author.slug))}>{author.name}</Link>
            </span>
          ))}
        </span>
      )}
      {publishedAt && (
        <time className="article-byline__date" dateTime={publishedAt}>
          {formatDate(publishedAt, 'long', locale)}
        </time>
      )}
      <span className="article-byline__reading-time">
        {t('article.readingTime', { minutes: readingTimeMinutes })}
      </span>
    </p>
  );
}
