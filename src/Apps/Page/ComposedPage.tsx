import { pagePath } from '../../../shared/sitePaths';
import { useLocalePath } from '../../site/useLocale';
import { DocumentVersions } from '../../components/LanguageVersions';
import { graphql } from 'react-relay/hooks';
import type { ComposedPageQuery } from '@generated/ComposedPageQuery.graphql';
import { SeoHead } from '../../components/SeoHead';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { NotFoundPage } from '../../frame/NotFoundPage';
import { PageBlockList } from './blocks/PageBlockList';

const composedPageQuery = graphql`
  query ComposedPageQuery($slug: String!, $locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    page(slug: $slug, locale: $locale) {
      slug
      title
      translations {
        ...LanguageVersions_translations
      }
      blocks {
        __typename
      }
      seo {
        ...SeoHead_seo
      }
      ...PageBlockList_page
    }
  }
`;

/** `/` (the page `home`) and `/:slug`: a page composed of blocks. */
export default function ComposedPage() {
  const { page } = useRouteQuery<ComposedPageQuery>(composedPageQuery);
  const localize = useLocalePath();
  if (!page) return <NotFoundPage />;
  const path = localize(pagePath(page.slug));
  // A page that does not open with a hero still needs its h1.
  const opensWithHero = page.blocks[0]?.__typename === 'HeroBlock';
  return (
    <div className="composed-page">
      <SeoHead seo={page.seo} path={path} />
      <DocumentVersions translations={page.translations} pathOf={pagePath} />
      {!opensWithHero && <h1 className="composed-page__title">{page.title}</h1>}
      <PageBlockList page={page} />
    </div>
  );
}
