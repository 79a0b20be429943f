import { OTHER_ROUTE, routeTemplateOf } from '../../server/ops/routeTemplate';

/**
 * The `http_route` label (docs/operations.md#observing-folio): a route's
 * template, never the path a reader sent, so the label's values stay a
 * small set whatever comes in.
 */
describe('routeTemplateOf', () => {
  it.each([
    ['/', '/'],
    ['/?utm_source=x', '/'],
    ['/articles', '/articles'],
    ['/articles/reading-the-tides', '/articles/:slug'],
    ['/articles/reading-the-tides?x=1', '/articles/:slug'],
    ['/topics/ocean', '/topics/:slug'],
    ['/authors/ada', '/authors/:slug'],
    ['/about', '/:slug'],
    ['/search?q=tides', '/search'],
    ['/de', '/:locale'],
    ['/de/articles/die-gezeiten-lesen', '/:locale/articles/:slug'],
    ['/de/feed.xml', '/:locale/feed.xml'],
    ['/graphql?doc_id=abc&variables=%7B%7D', '/graphql'],
    ['/images/hero-tides.jpg?w=640', '/images/:file'],
    ['/assets/main.0123456789.js', '/assets/:file'],
    ['/sitemaps/3.xml', '/sitemaps/:part.xml'],
    ['/feed.xml', '/feed.xml'],
    ['/preview/open?doc=x', '/preview/open'],
    ['/hooks/content', '/hooks/content'],
    ['/readyz', '/readyz'],
  ])('%s is %s', (url, template) => {
    expect(routeTemplateOf(url)).toBe(template);
  });

  it.each([
    '/articles/a/b',
    '/articles/',
    '/de/articles/a/b',
    '/a/b/c/d',
    '/nope/slug',
    '/DE/articles/x',
  ])('%s is no route of the site: other', (url) => {
    expect(routeTemplateOf(url)).toBe(OTHER_ROUTE);
  });

  it('has a bounded set of values, whatever paths come', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 5_000; n += 1) {
      const word = n.toString(36);
      for (const url of [`/${word}`, `/articles/${word}`, `/${word}/${word}`, `/de/${word}`])
        seen.add(routeTemplateOf(url));
    }
    expect([...seen].sort()).toEqual(
      ['/:slug', '/articles/:slug', OTHER_ROUTE, '/:locale', '/:locale/:slug'].sort(),
    );
  });
});
