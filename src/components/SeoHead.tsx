import { graphql, useFragment } from 'react-relay/hooks';
import type { SeoHead_seo$key } from '@generated/SeoHead_seo.graphql';
import { DocumentHead } from './DocumentHead';

/** The head tags of a page or article, from its SEO fields. */
export function SeoHead({
  seo,
  path,
  type,
}: {
  seo: SeoHead_seo$key;
  path: string;
  type?: 'website' | 'article';
}) {
  const data = useFragment(
    graphql`
      fragment SeoHead_seo on Seo {
        title
        description
        image {
          socialUrl: resizedUrl(width: 1280, format: JPEG)
        }
      }
    `,
    seo,
  );
  return (
    <DocumentHead
      title={data.title}
      description={data.description}
      path={path}
      image={data.image?.socialUrl ?? null}
      type={type ?? 'website'}
    />
  );
}
