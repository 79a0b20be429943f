/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { RichTextTestQuery } from '@generated/RichTextTestQuery.graphql';
import { RichText } from '../../../src/components/RichText/RichText';
import { renderWithRelay } from '../../support/renderWithRelay';

const richTextTestQuery = graphql`
  query RichTextTestQuery @relay_test_operation {
    article(slug: "any") {
      body {
        ...RichText_richText
      }
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<RichTextTestQuery>(richTextTestQuery, {});
  return data.article ? <RichText richText={data.article.body} /> : null;
}

const link = (linkType: 'Entry' | 'Asset', id: string) => ({
  target: { sys: { id, type: 'Link', linkType } },
});
const t = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });

const json = {
  nodeType: 'document',
  data: {},
  content: [
    {
      nodeType: 'paragraph',
      data: {},
      content: [
        t('Written by '),
        { nodeType: 'embedded-entry-inline', data: link('Entry', 'author-1'), content: [] },
        t(', see '),
        {
          nodeType: 'entry-hyperlink',
          data: link('Entry', 'article-2'),
          content: [t('the harbour piece')],
        },
        t(', '),
        { nodeType: 'hyperlink', data: { uri: 'javascript:alert(1)' }, content: [t('a trap')] },
        t(', '),
        {
          nodeType: 'hyperlink',
          data: { uri: 'mailto:desk@folio.example' },
          content: [t('write to us')],
        },
        t(' and '),
        { nodeType: 'asset-hyperlink', data: link('Asset', 'asset-9'), content: [t('the chart')] },
        t('.'),
      ],
    },
    { nodeType: 'embedded-entry-block', data: link('Entry', 'article-2'), content: [] },
    { nodeType: 'embedded-entry-block', data: link('Entry', 'code-1'), content: [] },
    { nodeType: 'embedded-entry-block', data: link('Entry', 'quote-1'), content: [] },
    { nodeType: 'embedded-asset-block', data: link('Asset', 'asset-1'), content: [] },
    // Points at nothing in links (e.g. an unpublished article): left out.
    { nodeType: 'embedded-entry-block', data: link('Entry', 'draft-1'), content: [] },
    { nodeType: 'marquee', data: {}, content: [t('unknown block')] },
  ],
};

function renderRichText() {
  renderWithRelay(<Harness />, (operation) =>
    MockPayloadGenerator.generate(operation, {
      RichText: () => ({
        json,
        links: {
          entries: {
            inline: [
              { __typename: 'Author', id: 'author-1', slug: 'ines-ortega', name: 'Inés Ortega' },
            ],
            hyperlink: [
              {
                __typename: 'Article',
                id: 'article-2',
                slug: 'harbour-lights',
                title: 'Harbour lights',
              },
            ],
            block: [
              {
                __typename: 'Article',
                id: 'article-2',
                slug: 'harbour-lights',
                title: 'Harbour lights',
                summary: 'How lighthouses got their rhythm.',
                heroImage: null,
              },
              {
                __typename: 'CodeBlock',
                id: 'code-1',
                language: 'sql',
                code: 'select 1;',
                caption: 'The smallest query',
              },
              {
                __typename: 'PullQuote',
                id: 'quote-1',
                quote: 'The sea keeps its own time.',
                attribution: 'A harbour master',
              },
            ],
          },
          assets: {
            block: [
              {
                id: 'asset-1',
                url: '/images/a.jpg',
                width: 1600,
                height: 1000,
                alt: 'A tide chart',
                w320: '/i/320',
                w640: '/i/640',
                w960: '/i/960',
                w1280: '/i/1280',
                w1920: '/i/1920',
              },
            ],
            hyperlink: [{ id: 'asset-9', url: '/images/chart.png' }],
          },
        },
      }),
    }),
  );
}

describe('RichText', () => {
  beforeEach(renderRichText);

  it('renders inline entries and entry hyperlinks as router links', () => {
    expect(screen.getByRole('link', { name: 'Inés Ortega' }).getAttribute('href')).toBe(
      '/authors/ines-ortega',
    );
    expect(screen.getByRole('link', { name: 'the harbour piece' }).getAttribute('href')).toBe(
      '/articles/harbour-lights',
    );
  });

  it('keeps only safe hyperlinks', () => {
    expect(screen.queryByRole('link', { name: 'a trap' })).toBeNull();
    expect(screen.getByRole('link', { name: 'write to us' }).getAttribute('href')).toBe(
      'mailto:desk@folio.example',
    );
    expect(screen.getByRole('link', { name: 'the chart' }).getAttribute('href')).toBe(
      '/images/chart.png',
    );
  });

  it('draws each embedded entry type with its own component', () => {
    expect(screen.getByRole('complementary', { name: 'Read next' }).textContent).toContain(
      'How lighthouses got their rhythm.',
    );
    expect(screen.getByText('select 1;').tagName).toBe('CODE');
    expect(screen.getByText('The smallest query')).toBeTruthy();
    expect(screen.getByText('The sea keeps its own time.').closest('blockquote')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'A tide chart' }).getAttribute('loading')).toBe('lazy');
  });

  it('leaves out unknown nodes and embeds whose target is missing', () => {
    expect(screen.queryByText('unknown block')).toBeNull();
    expect(document.querySelectorAll('aside')).toHaveLength(1);
  });
});
