/** Where an entry lives on the site, by its type and slug. */
export function entryPath(typename: string, slug: string): string | null {
  switch (typename) {
    case 'Article':
      return `/articles/${slug}`;
    case 'Author':
      return `/authors/${slug}`;
    case 'Topic':
      return `/topics/${slug}`;
    case 'Page':
      return slug === 'home' ? '/' : `/${slug}`;
    default:
      return null;
  }
}
