/** The `feed` library (ES module only), loaded by a native dynamic import. */
export declare function importFeed(): Promise<typeof import('feed')>;
