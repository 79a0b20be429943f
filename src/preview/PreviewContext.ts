import { createContext } from 'react';

/** Whether this page load runs in preview mode (its own environment and store). */
export const PreviewContext = createContext(false);
