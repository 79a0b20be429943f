/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act } from '@testing-library/react';
import { createOperationDescriptor } from 'relay-runtime';
import AppLayoutQuery from '@generated/AppLayoutQuery.graphql';
import { DocumentHead } from '../../../src/components/DocumentHead';
import { renderWithRelay } from '../../support/renderWithRelay';

/** The site's name in every page's title comes from the site record, never a literal. */
describe('the site title', () => {
  it('is the site record’s title once the frame’s data is in the store', () => {
    const { environment } = renderWithRelay(<DocumentHead title="Reading the tides" path="/x" />);
    expect(document.title).toBe('Reading the tides — Folio');
    act(() => {
      environment.commitPayload(createOperationDescriptor(AppLayoutQuery, { locale: 'en' }), {
        site: { title: 'The Harbour Review' },
      });
    });
    expect(document.title).toBe('Reading the tides — The Harbour Review');
    expect(document.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe(
      'The Harbour Review',
    );
  });
});
