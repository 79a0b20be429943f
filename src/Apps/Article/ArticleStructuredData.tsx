import { useLocale, useLocalePath } from '../../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleStructuredData_article$key } from '@generated/ArticleStructuredData_article.graphql';
import { breadcrumbList, StructuredData } from '../../components/StructuredData';
import { absoluteUrl, useSite } from '../../site/SiteContext';
import { articlePath, ARTICLES_PATH, authorPath, HOME_PATH } from '../../../shared/sitePaths';
import { useSiteTitle } from '../../site/useSiteTitle';
import { useMessages } from '../../i18n/useMessages';
import { updateAnchor } from './updateAnchor';

/**
 * The article for search engines: a `BlogPosting` and its breadcrumb trail;
 * a live blog is a `LiveBlogPosting` with its coverage times and its updates,
 * each a `BlogPosting` that links to its place on the page.
 */
export function ArticleStructuredData({ article }: { article: ArticleStructuredData_article$key }) {
  const localize = useLocalePath();
  const locale = useLocale();
  const t = useMessages();
  const data = useFragment(
    graphql`
      fragment ArticleStructuredData_article on Article {
        slug
        title
        summary
        publishedAt
        updatedAt
        authors {
          slug
          name
        }
        heroImage {
          large: resizedUrl(width: 1280, format: JPEG)
        }
        liveBlog {
          coverageStartTime
          coverageEndTime
          updates {
            id
            title
            publishedAt
            author {
              name
            }
          }
        }
      }
    `,
    article,
  );
  const site = useSite();
  const siteTitle = useSiteTitle();
  const path = localize(articlePath(data.slug));
  const live = data.liveBlog;
  return (
    <>
      <StructuredData
        data={{
          '@type': live ? 'LiveBlogPosting' : 'BlogPosting',
          headline: data.title,
          description: data.summary,
          inLanguage: locale,
          url: absoluteUrl(site, path),
          mainEntityOfPage: absoluteUrl(site, path),
          ...(data.publishedAt ? { datePublished: data.publishedAt } : {}),
          dateModified: data.updatedAt,
          author: data.authors.map((author) => ({
            '@type': 'Person',
            name: author.name,
            url: absoluteUrl(site, localize(authorPath(author.slug))),
          })),
          ...(data.heroImage ? { image: [absoluteUrl(site, data.heroImage.large)] } : {}),
          publisher: {
            '@type': 'Organization',
            name: siteTitle,
            url: absoluteUrl(site, localize(HOME_PATH)),
          },
          ...(live
            ? {
                coverageStartTime: live.coverageStartTime,
                ...(live.coverageEndTime ? { coverageEndTime: live.coverageEndTime } : {}),
                liveBlogUpdate: live.updates.map((update) => ({
                  '@type': 'BlogPosting',
                  headline: update.title,
                  datePublished: update.publishedAt,
                  url: `${absoluteUrl(site, path)}#${updateAnchor(update.id)}`,
                  ...(update.author
                    ? { author: { '@type': 'Person', name: update.author.name } }
                    : {}),
                })),
              }
            : {}),
        }}
      />
      <StructuredData
        data={breadcrumbList(site, [
          [siteTitle, localize(HOME_PATH)],
          [t('breadcrumb.articles'), localize(ARTICLES_PATH)],
          [data.title, path],
        ])}
      />
    </>
  );
}
