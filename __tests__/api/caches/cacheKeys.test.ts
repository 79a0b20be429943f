import {
  cdnHeaders,
  cdnKeys,
  isCacheKey,
  KEY_HEADER_BUDGET,
  keyHeaders,
  keyOfGlobalId,
  keysOfHeader,
  slugKey,
} from '../../../api/caches/cacheKeys';
import { capCacheControl, ReaderCaches } from '../../../api/caches/readerCaches';
import { KeptValues } from '../../../api/caches/keptValues';
import { countListKey } from '../../../api/caches/readerCounts';
import { toGlobalId } from '../../../api/model/globalId';

describe('cache keys', () => {
  it('name records by type and source id, blocks by their page or as entries of their own, and nothing else', () => {
    expect(keyOfGlobalId(toGlobalId('Article', 12))).toBe('a:12');
    expect(keyOfGlobalId(toGlobalId('Author', 'jgsn4ww8de56po1ay48dq1dy'))).toBe(
      'au:jgsn4ww8de56po1ay48dq1dy',
    );
    expect(keyOfGlobalId(toGlobalId('Asset', '7'))).toBe('as:7');
    expect(keyOfGlobalId(toGlobalId('HeroBlock', '3.0'))).toBe('p:3');
    // Contentful's blocks and embeds are entries of their own; the embedded source's and Strapi's are places in their document.
    expect(keyOfGlobalId(toGlobalId('CalloutBlock', '4xK9yZ'))).toBe('b:4xK9yZ');
    expect(keyOfGlobalId(toGlobalId('PullQuote', '7hQ2'))).toBe('e:7hQ2');
    expect(keyOfGlobalId(toGlobalId('CodeBlock', 'jgsn4ww8.2'))).toBeNull();
    expect(keyOfGlobalId(toGlobalId('constructor', '1'))).toBeNull();
    expect(keyOfGlobalId('not a global id')).toBeNull();
  });

  it('keep slugs no record can have out of the keys (and out of headers)', () => {
    expect(slugKey('Article', 'reading-the-tides')).toBe('a/reading-the-tides');
    expect(slugKey('Article', 'a b,c')).toBeNull();
    expect(slugKey('Article', 'x\r\nSet-Cookie: a=b')).toBeNull();
    expect(isCacheKey('a:1 a:2')).toBe(false);
    expect(keysOfHeader('a:1 a:2,t:3  bad key\u0000')).toEqual(['a:1', 'a:2', 't:3', 'bad']);
  });

  it('go out as Surrogate-Key (spaces) and Cache-Tag (commas), or not at all past the budget', () => {
    expect(keyHeaders(['t:3', 'a:1', 'a:1', 'site'])).toEqual({
      'Surrogate-Key': 'a:1 site t:3',
      'Cache-Tag': 'a:1,site,t:3',
    });
    const many = Array.from({ length: 2_000 }, (_, index) => `a:${index}`);
    expect(many.join(' ').length).toBeGreaterThan(KEY_HEADER_BUDGET);
    expect(keyHeaders(many)).toBeNull();
  });

  it('tell a CDN the keys and how long it may keep the answer: capped to the next publication, 0 when the keys do not fit', () => {
    const page = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
    expect(cdnHeaders(page, cdnKeys(['t:3', 'a:1']), null)).toEqual({
      'Cache-Control': page,
      'Surrogate-Key': 'a:1 t:3',
      'Cache-Tag': 'a:1,t:3',
    });
    expect(cdnHeaders(page, cdnKeys(new Set(['a:1'])), 30)).toEqual({
      'Cache-Control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=0',
      'Surrogate-Key': 'a:1',
      'Cache-Tag': 'a:1',
    });
    expect(cdnHeaders(page, cdnKeys([]), 30)).toEqual({
      'Cache-Control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=0',
    });
    const many = Array.from({ length: 2_000 }, (_, index) => `a:${index}`);
    expect(cdnHeaders(page, cdnKeys(many), null)).toEqual({
      'Cache-Control': 'public, max-age=0, s-maxage=0, stale-while-revalidate=0',
    });
  });

  it("name the list a reader count counts, from the embedded source's count keys", () => {
    expect(countListKey('articles:{}')).toBe('articles');
    expect(countListKey('articles:{"topicId":"3"}')).toBe('t:3:articles');
    expect(countListKey('articles:{"authorId":"7"}')).toBe('au:7:articles');
    expect(countListKey('topic:3')).toBe('t:3:articles');
    expect(countListKey('search:tides')).toBe('search');
    // Unknown shapes count as all articles, which every change of lists drops.
    expect(countListKey('something else')).toBe('articles');
  });
});

describe('Cache-Control capped to the next scheduled publication', () => {
  const page = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=600';
  it('keeps it as it is when nothing is scheduled, or for answers nobody may keep', () => {
    expect(capCacheControl(page, null)).toBe(page);
    expect(capCacheControl('private, no-store', 5)).toBe('private, no-store');
  });
  it('lets no cache keep an answer, fresh or stale, past that moment', () => {
    expect(capCacheControl(page, 100)).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=40, stale-if-error=600',
    );
    expect(capCacheControl(page, 7)).toBe(
      'public, max-age=0, s-maxage=7, stale-while-revalidate=0, stale-if-error=600',
    );
    expect(
      capCacheControl('public, max-age=60, s-maxage=300, stale-while-revalidate=600', 30),
    ).toBe('public, max-age=30, s-maxage=30, stale-while-revalidate=0');
    expect(capCacheControl(page, 0)).toBe(
      'public, max-age=0, s-maxage=0, stale-while-revalidate=0, stale-if-error=600',
    );
  });
});

describe('reader caches', () => {
  it('drop exactly the values that show a changed key, and what is still being made', async () => {
    const caches = new ReaderCaches();
    const kept = new KeptValues<string>({
      ttlMs: 60_000,
      caches,
      keysOf: (key) => [key.split(' ')[0]!],
    });
    await kept.get('a:1 page', async () => 'one');
    await kept.get('a:2 page', async () => 'two');
    let finish: (value: string) => void = () => {};
    const making = kept.get('a:3 page', () => new Promise((resolve) => (finish = resolve)));
    caches.drop(['a:1']);
    expect(kept.peek('a:1 page')).toBeUndefined();
    expect(await kept.peek('a:2 page')).toBe('two');
    // Read before the change: given to whoever waited, not kept.
    expect(kept.peek('a:3 page')).toBeUndefined();
    finish('three');
    expect(await making).toBe('three');
    expect(kept.peek('a:3 page')).toBeUndefined();
  });

  it('tell an answer begun before a drop of what it shows not to keep itself', () => {
    const caches = new ReaderCaches();
    const before = caches.generation;
    expect(caches.droppedSince(before, ['a:1'])).toBe(false);
    caches.drop(['t:3:articles']);
    expect(caches.droppedSince(before, ['a:1'])).toBe(false);
    expect(caches.droppedSince(before, ['a:1', 't:3:articles'])).toBe(true);
    caches.dropAll();
    expect(caches.droppedSince(before, ['a:9'])).toBe(true);
  });

  it('keep nothing past the next scheduled publication, and nothing at all while the schedule is read again', () => {
    const caches = new ReaderCaches();
    const now = 1_000_000;
    expect(caches.expiresAt(60_000, now)).toBe(now + 60_000);
    expect(caches.secondsLeft(now)).toBeNull();
    caches.setNextPublication(now + 5_500);
    expect(caches.expiresAt(60_000, now)).toBe(now + 5_500);
    expect(caches.secondsLeft(now)).toBe(5);
    const settled = caches.unsettleSchedule();
    expect(caches.expiresAt(60_000, now)).toBe(now);
    expect(caches.secondsLeft(now)).toBe(0);
    settled();
    expect(caches.expiresAt(60_000, now)).toBe(now + 5_500);
  });
});
