import { absoluteUrl, useSite, type Site } from '../site/SiteContext';
import { serializeForScript } from '../ssr/bootstrap';

/**
 * Schema.org data for search engines, as JSON-LD. The JSON is escaped for a
 * script element (no `<`), so content can never end it; browsers do not run
 * `application/ld+json`, so no CSP nonce is needed.
 */
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{
        __html: serializeForScript({ '@context': 'https://schema.org', ...data }),
      }}
    />
  );
}

/** A `BreadcrumbList`: the trail from the front page to this one, each step a name and a path. */
export function breadcrumbList(
  site: Site,
  trail: readonly (readonly [name: string, path: string])[],
): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(site, path),
    })),
  };
}

/** The breadcrumb trail of a page, as JSON-LD. */
export function Breadcrumbs({
  trail,
}: {
  trail: readonly (readonly [name: string, path: string])[];
}) {
  const site = useSite();
  return <StructuredData data={breadcrumbList(site, trail)} />;
}
