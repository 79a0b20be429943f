/**
 * docs/errors.md#validation and docs/content-model.md#limits-and-constants: every limit and business constant that the browser and the API
 * both need, in one place. The API enforces them; the client checks first so
 * that a reader hears about a problem before anything is sent.
 */

/** Articles per page on the article, topic and author lists. Fragments' `@argumentDefinitions` repeat it as a literal; a test holds them to this value. */
export const ARTICLE_PAGE_SIZE = 12;
/** Authors and topics per page when a client does not say. */
export const DIRECTORY_PAGE_SIZE = 12;
/** Search results per page. */
export const SEARCH_PAGE_SIZE = 10;
/** The largest `first` the API accepts. */
export const MAX_FIRST = 50;
/**
 * Topics per page on the topic index (`/topics`), and so per "Load more": as
 * many as one request may ask for (MAX_FIRST), since a topic is a short card.
 * Its fragment's `@argumentDefinitions` repeats it as a literal; a test holds
 * it to this value.
 */
export const TOPIC_INDEX_PAGE_SIZE = MAX_FIRST;

/** Search text after trimming. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

/** Route slugs: anything else is a 404 without a request. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;

/** docs/errors.md#validation: a route slug (and a content key): SLUG_PATTERN, at most SLUG_MAX_LENGTH characters. */
export function isValidSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/** The widths an image may be resized to, and so the widths offered in `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The largest rich-text document rendered or followed. */
export const RICH_TEXT_MAX_DEPTH = 32;
export const RICH_TEXT_MAX_NODES = 10_000;

/** A newsletter address, after trimming. */
export const EMAIL_MAX_LENGTH = 254;

/** How long a reader is asked to wait (Retry-After) when the content service is not answering: pages and images alike. */
export const SOURCE_RETRY_AFTER_SECONDS = 10;

/**
 * content/ (docs/publishing.md#writing-content): the most one Markdown or YAML
 * file, one image, and the whole folder may hold. Past them a publish names
 * the file (`file: too large`) and writes nothing: one huge file never holds
 * a server's memory or event loop.
 */
export const CONTENT_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const CONTENT_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const CONTENT_FOLDER_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * Live updates (docs/http-and-cache.md#live-updates): the most open streams
 * one server process holds; more are refused (503, Retry-After) rather than
 * taking the process's memory. The heap a process is given has room for them
 * (settings/memorySettings.ts).
 */
export const LIVE_STREAMS_PER_PROCESS = 10_000;
/** The JavaScript heap one open stream takes, in kB, as measured (bench/RESULTS.md, "Live updates"): about 14, counted as 16. */
export const LIVE_STREAM_HEAP_KB = 16;

/** The most updates of one live blog a CMS source reads, newest first (docs/content-model.md#live-blogs): every one is sent, no paging yet. */
export const LIVE_BLOG_UPDATES_READ = 200;
