/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { renderRoute } from '../../../support/renderRoute';

const body = {
  nodeType: 'document',
  data: {},
  content: [
    {
      nodeType: 'paragraph',
      data: {},
      content: [
        { nodeType: 'text', value: 'Harbour masters read the water first.', marks: [], data: {} },
      ],
    },
    {
      nodeType: 'paragraph',
      data: {},
      content: [
        { nodeType: 'text', value: 'See ', marks: [], data: {} },
        {
          nodeType: 'hyperlink',
          data: { uri: 'javascript:alert(1)' },
          content: [{ nodeType: 'text', value: 'this trick', marks: [], data: {} }],
        },
        { nodeType: 'text', value: ' and ', marks: [], data: {} },
        {
          nodeType: 'hyperlink',
          data: { uri: 'https://tides.example/' },
          content: [{ nodeType: 'text', value: 'the tables', marks: [], data: {} }],
        },
      ],
    },
  ],
};

function resolveSite(environment: ReturnType<typeof createMockEnvironment>) {
  const operation = environment.mock
    .getAllOperations()
    .find((op) => op.request.node.params.name === 'AppLayoutQuery');
  if (!operation) throw new Error('AppLayoutQuery was not started');
  act(() => {
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, {
        Site: () => ({
          title: 'Folio',
          description: 'How things work',
          navigation: [{ label: 'Articles', url: '/articles' }],
          footer: [],
        }),
      }),
    );
  });
}

function articleOperation(
  environment: ReturnType<typeof createMockEnvironment>,
): OperationDescriptor | undefined {
  return environment.mock
    .getAllOperations()
    .find((op) => op.request.node.params.name === 'ArticlePageQuery');
}

describe('ArticlePage', () => {
  it('starts the article query on navigation and shows title, byline, hero and body', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/articles/reading-the-tides', environment);

    // One request: the page and the site's frame come in the same query.
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    const operation = articleOperation(environment);
    expect(operation?.request.variables).toEqual({ slug: 'reading-the-tides', locale: 'en' });
    act(() => {
      environment.mock.resolve(
        operation!,
        MockPayloadGenerator.generate(operation!, {
          Site: () => ({
            title: 'Folio',
            description: 'How things work',
            navigation: [{ label: 'Articles', url: '/articles' }],
            footer: [],
          }),
          Article: () => ({
            slug: 'reading-the-tides',
            title: 'Reading the tides',
            summary: 'What harbour masters know.',
            publishedAt: '2026-03-01T09:30:00.000Z',
            readingTimeMinutes: 6,
            authors: [{ id: 'a1', slug: 'ines-ortega', name: 'Inés Ortega' }],
            topics: [{ id: 't1', slug: 'nature', name: 'Nature' }],
            body: { json: body },
          }),
          Asset: () => ({
            url: '/images/tides.jpg',
            width: 1920,
            height: 1080,
            alt: 'Low tide at dawn',
            w320: '/images/tides.jpg?w=320&fm=webp',
            w640: '/images/tides.jpg?w=640&fm=webp',
            w960: '/images/tides.jpg?w=960&fm=webp',
            w1280: '/images/tides.jpg?w=1280&fm=webp',
            w1920: '/images/tides.jpg?w=1920&fm=webp',
          }),
        }),
      );
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reading the tides' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inés Ortega' }).getAttribute('href')).toBe(
      '/authors/ines-ortega',
    );
    expect(
      within(screen.getByRole('list', { name: 'Topics' }))
        .getByRole('link', { name: 'Nature' })
        .getAttribute('href'),
    ).toBe('/topics/nature');
    expect(screen.getByText('6 min read')).toBeTruthy();

    const hero = screen.getByRole('img', { name: 'Low tide at dawn' });
    expect(hero.getAttribute('srcset')).toBe(
      '/images/tides.jpg?w=320&fm=webp 320w, /images/tides.jpg?w=640&fm=webp 640w, /images/tides.jpg?w=960&fm=webp 960w, /images/tides.jpg?w=1280&fm=webp 1280w, /images/tides.jpg?w=1920&fm=webp 1920w',
    );
    expect(hero.getAttribute('width')).toBe('1920');
    expect(hero.getAttribute('loading')).toBe('eager');

    expect(screen.getByText('Harbour masters read the water first.')).toBeTruthy();
    // A javascript: link in content is rendered as plain text, never as a link.
    expect(screen.queryByRole('link', { name: 'this trick' })).toBeNull();
    expect(screen.getByText(/^See this trick and/).textContent).toBe(
      'See this trick and the tables',
    );
    expect(screen.getByRole('link', { name: 'the tables' }).getAttribute('href')).toBe(
      'https://tides.example/',
    );
  });

  it('speaks the page’s language: a German article’s byline, reading time and headings', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/de/articles/gezeiten-lesen', environment);
    const operation = articleOperation(environment)!;
    expect(operation.request.variables).toEqual({ slug: 'gezeiten-lesen', locale: 'de' });
    act(() =>
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          Article: () => ({
            slug: 'gezeiten-lesen',
            title: 'Die Gezeiten lesen',
            publishedAt: '2026-03-01T09:30:00.000Z',
            readingTimeMinutes: 6,
            authors: [
              { id: 'a1', slug: 'ines-ortega', name: 'Inés Ortega' },
              { id: 'a2', slug: 'eliza-marsh', name: 'Eliza Marsh' },
              { id: 'a3', slug: 'mara-lindqvist', name: 'Mara Lindqvist' },
            ],
            topics: [{ id: 't1', slug: 'natur', name: 'Natur' }],
            body: { json: body },
          }),
        }),
      ),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Die Gezeiten lesen' }),
    ).toBeTruthy();
    expect(document.querySelector('.article-byline__authors')?.textContent).toBe(
      'Von Inés Ortega, Eliza Marsh und Mara Lindqvist',
    );
    // The number and its unit kept together by a no-break space.
    expect(document.querySelector('.article-byline__reading-time')?.textContent).toBe(
      '6\u00a0Min. Lesezeit',
    );
    expect(document.querySelector('.article-byline__date')?.textContent).toBe('1. März 2026');
    expect(screen.getByRole('list', { name: 'Themen' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: 'War dieser Artikel hilfreich?' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toBeTruthy();
  });

  it('renders the article when only its related reading failed (partial data), with a small error in that place', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/articles/reading-the-tides', environment);
    const operation = articleOperation(environment)!;
    const payload = MockPayloadGenerator.generate(operation, {
      Article: () => ({
        slug: 'reading-the-tides',
        title: 'Reading the tides',
        body: { json: body },
      }),
    }) as {
      data: { article: Record<string, unknown> };
    };
    payload.data.article.related = null;
    act(() =>
      environment.mock.resolve(operation, {
        ...payload,
        errors: [{ message: 'related failed', path: ['article', 'related'] }],
      } as never),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reading the tides' }),
    ).toBeTruthy();
    expect(screen.getByText('Harbour masters read the water first.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Related reading' })).toBeTruthy();
    expect(screen.getByText(/Related reading could not be loaded/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the not-found page when the article does not exist', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/articles/no-such-article', environment);
    const operation = articleOperation(environment)!;
    act(() =>
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, { Query: () => ({ article: null }) }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the not-found page for an invalid slug without asking the API', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/articles/Not_A_Slug', environment);
    expect(articleOperation(environment)).toBeUndefined();
    // On a cold load the frame still needs the site's title and navigation: the 404 comes with it.
    expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).toEqual([
      'AppLayoutQuery',
    ]);
    resolveSite(environment);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Folio' })).toBeTruthy();
  });
  it('moves to the address an article has now when it was asked by one it left (docs/routes.md#addresses-that-moved)', async () => {
    const environment = createMockEnvironment();
    const { router } = await renderRoute('/de/articles/gezeiten-lesen?ref=feed', environment);
    const answer = (operation: OperationDescriptor) =>
      act(() =>
        environment.mock.resolve(
          operation,
          MockPayloadGenerator.generate(operation, {
            Article: () => ({ slug: 'die-gezeiten-erklaert', title: 'Die Gezeiten erklärt' }),
          }),
        ),
      );
    // The API finds the article by its old slug and answers it as it is now.
    answer(articleOperation(environment)!);
    // The loader redirects: the new address's query is asked (its own variables)…
    const moved = await waitFor(() => {
      const found = environment.mock
        .getAllOperations()
        .find((op) => op.request.variables.slug === 'die-gezeiten-erklaert');
      expect(found?.request.node.params.name).toBe('ArticlePageQuery');
      return found!;
    });
    answer(moved);
    // …and the page shows at the new address, the query kept.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Die Gezeiten erklärt' }),
    ).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/de/articles/die-gezeiten-erklaert?ref=feed',
    );
  });
});
