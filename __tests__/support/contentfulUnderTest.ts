import type { Database } from '../../api/db/database';
import type { ContentSource } from '../../api/sources/contentSource';
import { createContentfulSource } from '../../api/sources/contentful/contentfulSource';
import { readSourceSettings } from '../../settings/sourceSettings';
import {
  startContentfulFixture,
  type FixtureOptions,
  type RunningFixture,
} from '../../cms/contentful/fixture/fixtureServer';

export interface Logged {
  fields: Record<string, unknown>;
  message: string;
}

export interface ContentfulUnderTest {
  fixture: RunningFixture;
  /** What every source made by `source` logged, in order (a test empties it when it wants). */
  logged: Logged[];
  /** A new Contentful source over the fixture, as startTestServer's `contentSource` takes it, logging into `logged`. */
  source: (
    options?: Parameters<typeof createContentfulSource>[3],
  ) => (db: Database) => ContentSource;
}

/** The Contentful fixture (cms/contentful/fixture) started, with what a test needs to read it through Folio's Contentful source. */
export async function startContentfulUnderTest(
  options?: FixtureOptions,
): Promise<ContentfulUnderTest> {
  const fixture = await startContentfulFixture(options);
  const settings = readSourceSettings(fixture.env);
  if (settings.kind !== 'contentful') {
    await fixture.close();
    throw new Error('contentful settings expected');
  }
  const logged: Logged[] = [];
  return {
    fixture,
    logged,
    source: (sourceOptions) => (db) =>
      createContentfulSource(
        settings,
        db,
        (fields, message) => logged.push({ fields, message }),
        sourceOptions,
      ),
  };
}
