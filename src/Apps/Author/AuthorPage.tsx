import { DocumentVersions } from '../../components/LanguageVersions';
import { useLocalePath } from '../../site/useLocale';
import { ARTICLE_PAGE_SIZE } from '../../../shared/limits';
import { graphql } from 'react-relay/hooks';
import { usePaginationFragment } from '../../relay/usePaginationFragment';
import type { AuthorArticles_author$key } from '@generated/AuthorArticles_author.graphql';
import type { AuthorArticlesPaginationQuery } from '@generated/AuthorArticlesPaginationQuery.graphql';
import type { AuthorPageQuery } from '@generated/AuthorPageQuery.graphql';
import { ArticleCardList } from '../../components/ArticleCardList';
import { DocumentHead } from '../../components/DocumentHead';
import { Breadcrumbs } from '../../components/StructuredData';
import { Image } from '../../components/Image';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { NotFoundPage } from '../../frame/NotFoundPage';
import { authorPath, HOME_PATH } from '../../../shared/sitePaths';
import { useSiteTitle } from '../../site/useSiteTitle';
import { useMessages } from '../../i18n/useMessages';

const authorPageQuery = graphql`
  query AuthorPageQuery($slug: String!, $locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    author(slug: $slug, locale: $locale) {
      slug
      name
      translations {
        ...LanguageVersions_translations
      }
      bio
      avatar {
        ...Image_asset
      }
      ...AuthorArticles_author
    }
  }
`;

/** `/authors/:slug`: the author's profile and articles. */
export default function AuthorPage() {
  const localize = useLocalePath();
  const { author } = useRouteQuery<AuthorPageQuery>(authorPageQuery);
  const siteTitle = useSiteTitle();
  const t = useMessages();
  if (!author) return <NotFoundPage />;
  return (
    <div className="listing-page">
      <DocumentHead
        title={author.name}
        description={author.bio}
        path={localize(authorPath(author.slug))}
      />
      <Breadcrumbs
        trail={[
          [siteTitle, localize(HOME_PATH)],
          [author.name, localize(authorPath(author.slug))],
        ]}
      />
      <DocumentVersions translations={author.translations} pathOf={authorPath} />
      <header className="listing-page__header author-header">
        {author.avatar && (
          <Image asset={author.avatar} sizes="112px" priority className="author-header__avatar" />
        )}
        <div>
          <p className="listing-page__kicker">{t('author.kicker')}</p>
          <h1 className="listing-page__title">{author.name}</h1>
          <p className="listing-page__description">{author.bio}</p>
        </div>
      </header>
      <h2 className="listing-page__section-title">{t('author.articles', { name: author.name })}</h2>
      <AuthorArticles author={author} />
    </div>
  );
}

function AuthorArticles({ author }: { author: AuthorArticles_author$key }) {
  const t = useMessages();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    AuthorArticlesPaginationQuery,
    AuthorArticles_author$key
  >(
    graphql`
      fragment AuthorArticles_author on Author
      @refetchable(queryName: "AuthorArticlesPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" }) {
        articles(first: $count, after: $cursor) @connection(key: "AuthorArticles_articles") {
          edges {
            node {
              ...ArticleCardList_articles
            }
          }
        }
      }
    `,
    author,
  );
  return (
    <ArticleCardList
      articles={data.articles.edges.map((edge) => edge.node)}
      headingLevel={3}
      pagination={{ hasNext, isLoadingNext, loadNext: () => loadNext(ARTICLE_PAGE_SIZE) }}
      emptyText={t('author.empty')}
    />
  );
}
