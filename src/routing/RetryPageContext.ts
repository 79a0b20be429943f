import { createContext } from 'react';

/**
 * Loads the current page's query again from the network, even when the store
 * already holds an answer (one with a failed part, say); settles when the page
 * has its new answer. Null where no router provides it (component tests):
 * then a failed part only says so.
 */
export type RetryPage = () => Promise<void>;

export const RetryPageContext = createContext<RetryPage | null>(null);
