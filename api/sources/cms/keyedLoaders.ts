import DataLoader from 'dataloader';
import type { Translatable } from '../contentSource';
import type { CmsVersion } from './localeVersions';

/**
 * Values by key (an id, a slug), one ask of the CMS per batch of keys, at
 * most `maxBatchSize` keys a batch where the CMS limits what one request
 * may cost: what the answer found for a key, null for the rest.
 */
export function keyedLoader<T>(
  find: (keys: readonly string[]) => Promise<readonly T[]>,
  keyOf: (value: T) => string,
  maxBatchSize?: number,
): DataLoader<string, T | null> {
  return new DataLoader<string, T | null>(
    async (keys) => {
      const found = new Map((await find(keys)).map((value) => [keyOf(value), value]));
      return keys.map((key) => found.get(key) ?? null);
    },
    maxBatchSize === undefined ? undefined : { maxBatchSize },
  );
}

/**
 * A document's versions (its translations, itself included), one ask of
 * the CMS per type and batch of ids: `find` answers the versions of the
 * documents it found; one not found has none this request may see.
 */
export function translationLoader(
  find: (
    type: Translatable['__typename'],
    ids: readonly string[],
  ) => Promise<Iterable<[id: string, versions: CmsVersion[]]>>,
  maxBatchSize?: number,
): (entry: Translatable) => Promise<CmsVersion[]> {
  const loaderOf = (type: Translatable['__typename']) =>
    new DataLoader<string, CmsVersion[]>(
      async (ids) => {
        const found = new Map(await find(type, ids));
        return ids.map((id) => found.get(id) ?? []);
      },
      maxBatchSize === undefined ? undefined : { maxBatchSize },
    );
  const loaders: Record<Translatable['__typename'], DataLoader<string, CmsVersion[]>> = {
    Article: loaderOf('Article'),
    Author: loaderOf('Author'),
    Topic: loaderOf('Topic'),
    Page: loaderOf('Page'),
  };
  return (entry) => loaders[entry.__typename].load(entry.id);
}
