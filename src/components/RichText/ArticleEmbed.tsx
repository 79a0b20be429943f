import { useLocalePath } from '../../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleEmbed_article$key } from '@generated/ArticleEmbed_article.graphql';
import { Image } from '../Image';
import { Link } from '../../routing/Link';
import { articlePath } from '../../../shared/sitePaths';
import { useMessages } from '../../i18n/useMessages';

/** An article embedded in another's body: a "read next" card. */
export function ArticleEmbed({ article }: { article: ArticleEmbed_article$key }) {
  const localize = useLocalePath();
  const t = useMessages();
  const data = useFragment(
    graphql`
      fragment ArticleEmbed_article on Article {
        slug
        title
        summary
        heroImage {
          ...Image_asset
        }
      }
    `,
    article,
  );
  return (
    <aside className="rich-text__article-card" aria-label={t('embed.readNext')}>
      {data.heroImage && (
        <Image
          asset={data.heroImage}
          sizes="(min-width: 640px) 200px, 100vw"
          className="rich-text__article-card-image"
        />
      )}
      <div>
        <p className="rich-text__article-card-kicker">{t('embed.readNext')}</p>
        <Link to={localize(articlePath(data.slug))} className="rich-text__article-card-title">
          {data.title}
        </Link>
        <p className="rich-text__article-card-summary">{data.summary}</p>
      </div>
    </aside>
  );
}
