import { createContext } from 'react';

/** Starts the data and code of the page at `to` (on link hover or focus). */
export type PreloadRoute = (to: string) => void;

export const RoutePreloadContext = createContext<PreloadRoute>(() => {});
