import { configure } from '@testing-library/dom';

/**
 * Tests wait for the event they expect, never for a time (docs/testing.md#a-busy-machine):
 * Testing Library's `findBy…` and `waitFor` give up only at jest's own bound
 * (jest.config.js `testTimeout`), not after their default second, which a
 * busy machine can spend before React has rendered at all.
 */
configure({ asyncUtilTimeout: 120_000 });
