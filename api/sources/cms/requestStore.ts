import type DataLoader from 'dataloader';
import type { Article, Asset, Author, Embed, Page, Topic } from '../contentSource';

/**
 * What one request has fetched from a CMS, by id. A CMS answers an article
 * with its authors, topics, images and embeds inside; every answer fills
 * this, so a later part of the page (the byline, the hero image, a rich-text
 * embed) is read from here and asks the CMS only for what nothing brought.
 */
export function createRequestStore(preview: boolean, now: string) {
  const articles = new Map<string, Article>();
  const bylines = new Map<string, { authors: Author[]; topics: Topic[] }>();
  /** Articles kept with their body; the rest came as cards (a list, a search hit, a card in a body). */
  const whole = new Set<string>();
  const store = {
    articles,
    authors: new Map<string, Author>(),
    topics: new Map<string, Topic>(),
    assets: new Map<string, Asset>(),
    embeds: new Map<string, Embed>(),
    pages: new Map<string, Page>(),

    /** Readers see an article from its publication date on (Folio's scheduling rule, whatever the source says is published). */
    visible(article: Article): boolean {
      return preview || (article.publishedAt !== null && article.publishedAt <= now);
    },

    /**
     * Keeps an article (when this request may see it) with its byline; returns
     * whether it was kept. A card never replaces the whole article.
     */
    keepArticle(article: Article, authors: Author[], topics: Topic[], isWhole = true): boolean {
      if (!store.visible(article)) return false;
      if (!isWhole && whole.has(article.id)) return true;
      if (isWhole) whole.add(article.id);
      articles.set(article.id, article);
      bylines.set(article.id, { authors, topics });
      for (const author of authors) store.authors.set(author.id, author);
      for (const topic of topics) store.topics.set(topic.id, topic);
      return true;
    },

    bylineOf(articleId: string) {
      return bylines.get(articleId);
    },

    /** An entry by id: kept, or from the loader (which fills the store). */
    known<T>(
      map: Map<string, T>,
      id: string,
      loader: DataLoader<string, T | null>,
    ): Promise<T | null> {
      return map.has(id) ? Promise.resolve(map.get(id)!) : loader.load(id);
    },

    /** The whole article by id or slug: kept whole, or from the loaders (which read it whole). */
    wholeArticle(
      by: { id: string } | { slug: string },
      byId: DataLoader<string, Article | null>,
      bySlug: DataLoader<string, Article | null>,
    ): Promise<Article | null> {
      if ('id' in by)
        return whole.has(by.id) ? Promise.resolve(articles.get(by.id)!) : byId.load(by.id);
      for (const id of whole)
        if (articles.get(id)!.slug === by.slug) return Promise.resolve(articles.get(id)!);
      return bySlug.load(by.slug);
    },

    bySlug<T extends { slug: string }>(
      map: Map<string, T>,
      slug: string,
      loader: DataLoader<string, T | null>,
    ): Promise<T | null> {
      for (const value of map.values()) if (value.slug === slug) return Promise.resolve(value);
      return loader.load(slug);
    },

    /** Related reading from newest-first candidates: most topics shared with `own` first, newest first among equals. */
    rankRelated(candidates: Article[], own: string[], first: number): Article[] {
      const shared = (candidate: Article) =>
        (bylines.get(candidate.id)?.topics ?? []).filter((topic) => own.includes(topic.id)).length;
      return candidates
        .map((candidate, index) => ({ candidate, index, shared: shared(candidate) }))
        .filter((ranked) => ranked.shared > 0)
        .sort((a, b) => b.shared - a.shared || a.index - b.index)
        .slice(0, first)
        .map((ranked) => ranked.candidate);
    },
  };
  return store;
}

export type RequestStore = ReturnType<typeof createRequestStore>;

/** Candidates `related` ranks by shared topics (newest first among those sharing any). */
export const RELATED_CANDIDATES = 50;
