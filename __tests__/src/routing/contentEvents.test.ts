/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import {
  CONTENT_EVENTS_PATH,
  CONTENT_PUBLISHED_EVENT,
  CONTENT_REJECTED_EVENT,
} from '../../../shared/contentEvents';
import { onContentPublished } from '../../../src/routing/contentEvents';

/**
 * Issue 27: under `npm run dev`, a save that cannot be published is shown on
 * the page the writer is looking at (not only in the terminal and the
 * console), and the next publish clears it.
 */

/** The browser's EventSource, as the dev server's event stream drives it. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown): void {
    for (const listener of this.listeners.get(name) ?? [])
      listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  close(): void {
    this.closed = true;
  }
}

beforeAll(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => document.body.replaceChildren());

test('a rejected save shows each problem on the page until the next publish clears it and reloads', () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const reload = jest.fn();
  const stop = onContentPublished(reload);
  const stream = FakeEventSource.last!;
  expect(stream.url).toBe(CONTENT_EVENTS_PATH);

  stream.emit(
    CONTENT_REJECTED_EVENT,
    'content/articles/x.md:4: status is draft, published or archived, not "maybe"\ncontent/assets.yaml:5: there is no file images/y.jpg',
  );
  const alert = document.querySelector('[role="alert"]')!;
  expect(alert.getAttribute('aria-label')).toBe('content/ was not published');
  expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
    'content/articles/x.md:4: status is draft, published or archived, not "maybe"',
    'content/assets.yaml:5: there is no file images/y.jpg',
  ]);
  expect(reload).not.toHaveBeenCalled();

  // A second rejection replaces the first: one panel, the latest problems.
  stream.emit(CONTENT_REJECTED_EVENT, 'content/articles/x.md:9: headings go down to ####');
  expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
  expect(document.querySelector('[role="alert"] li')!.textContent).toBe(
    'content/articles/x.md:9: headings go down to ####',
  );

  stream.emit(CONTENT_PUBLISHED_EVENT, { records: [] });
  expect(document.querySelector('[role="alert"]')).toBeNull();
  expect(reload).toHaveBeenCalledTimes(1);
  stop();
  expect(stream.closed).toBe(true);
});

test('the writer can close the panel', () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const stop = onContentPublished(() => {});
  FakeEventSource.last!.emit(CONTENT_REJECTED_EVENT, 'content/articles/x.md:1: a problem');
  document.querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
  expect(document.querySelector('[role="alert"]')).toBeNull();
  stop();
});
