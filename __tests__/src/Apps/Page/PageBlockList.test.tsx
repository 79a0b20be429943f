/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { PageBlockListTestQuery } from '@generated/PageBlockListTestQuery.graphql';
import { PageBlockList } from '../../../../src/Apps/Page/blocks/PageBlockList';
import { renderWithRelay } from '../../../support/renderWithRelay';

const pageBlockListTestQuery = graphql`
  query PageBlockListTestQuery @relay_test_operation {
    page(slug: "home") {
      ...PageBlockList_page
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<PageBlockListTestQuery>(pageBlockListTestQuery, {});
  return data.page ? <PageBlockList page={data.page} /> : null;
}

const asset = (alt: string) => ({
  url: `/images/${alt}.jpg`,
  width: 1600,
  height: 1000,
  alt,
  w320: 'a',
  w640: 'b',
  w960: 'c',
  w1280: 'd',
  w1920: 'e',
});
const article = (id: string, title: string) => ({
  __typename: 'Article',
  id,
  slug: id,
  title,
  summary: `${title} summary`,
  publishedAt: '2026-05-01T00:00:00.000Z',
  readingTimeMinutes: 4,
  heroImage: null,
  topics: [{ name: 'Cities' }],
  authors: [],
});
const doc = (text: string) => ({
  nodeType: 'document',
  data: {},
  content: [
    {
      nodeType: 'paragraph',
      data: {},
      content: [{ nodeType: 'text', value: text, marks: [], data: {} }],
    },
  ],
});

const blocks = [
  {
    __typename: 'HeroBlock',
    id: 'b1',
    heading: 'How things work',
    subheading: 'Long reads for curious people',
    image: asset('harbour'),
    callToAction: { label: 'Start reading', url: '/articles' },
  },
  {
    __typename: 'FeaturedArticlesBlock',
    id: 'b2',
    heading: 'Featured',
    articles: [article('lead', 'The lead story'), article('second', 'A second story')],
  },
  {
    __typename: 'ArticleListBlock',
    id: 'b3',
    heading: 'Latest in cities',
    mode: 'BY_TOPIC',
    count: 1,
    topic: { id: 't1', slug: 'cities', name: 'Cities' },
    articles: [article('third', 'A city story')],
  },
  {
    __typename: 'RichTextBlock',
    id: 'b4',
    richText: {
      json: doc('We write about the machinery of daily life.'),
      links: {
        entries: { block: [], inline: [], hyperlink: [] },
        assets: { block: [], hyperlink: [] },
      },
    },
  },
  {
    __typename: 'CalloutBlock',
    id: 'b5',
    heading: 'Write for us',
    body: 'We read every pitch.',
    tone: 'WARNING',
    link: { label: 'Pitch an idea', url: 'javascript:alert(1)' },
  },
  {
    __typename: 'ImageBlock',
    id: 'b6',
    picture: asset('workshop'),
    caption: 'The workshop at dawn',
  },
  {
    __typename: 'NewsletterSignupBlock',
    id: 'b7',
    heading: 'The Sunday letter',
    description: 'One email a week.',
    buttonLabel: 'Subscribe',
  },
  { __typename: 'TimelineBlock', id: 'b8' },
];

beforeEach(() => {
  // Aliased fields (richText, picture) are keyed by their alias, as in the response.
  renderWithRelay(<Harness />, (operation) =>
    MockPayloadGenerator.generate(operation, { Page: () => ({ blocks }) }),
  );
});

describe('PageBlockList', () => {
  it('opens with the hero as the page heading, with its call to action and image', () => {
    expect(screen.getByRole('heading', { level: 1, name: 'How things work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start reading' }).getAttribute('href')).toBe(
      '/articles',
    );
    expect(screen.getByRole('img', { name: 'harbour' }).getAttribute('loading')).toBe('eager');
  });

  it('draws featured articles with the first one large', () => {
    const lead = screen.getByRole('link', { name: 'The lead story' }).closest('article');
    expect(lead?.className).toContain('article-card--feature');
    expect(
      screen.getByRole('link', { name: 'A second story' }).closest('article')?.className,
    ).not.toContain('feature');
  });

  it('lists articles by topic with a link to the topic', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'Latest in cities' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A city story' }).getAttribute('href')).toBe(
      '/articles/third',
    );
    expect(screen.getByRole('link', { name: /All in Cities/ }).getAttribute('href')).toBe(
      '/topics/cities',
    );
  });

  it('renders rich text, a callout without its unsafe link, an image with its caption', () => {
    expect(screen.getByText('We write about the machinery of daily life.')).toBeTruthy();
    const callout = screen.getByRole('complementary', { name: 'Write for us' });
    expect(callout.className).toContain('callout-block--warning');
    expect(within(callout).queryByRole('link')).toBeNull();
    expect(screen.getByText('The workshop at dawn').tagName).toBe('FIGCAPTION');
  });

  it('shows the newsletter form and skips block types it does not know', () => {
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(document.querySelectorAll('.page-blocks > *')).toHaveLength(7);
  });
});
