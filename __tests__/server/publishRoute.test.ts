import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_PUBLISH_PATH, type ContentPublishing } from '../../api/contentService';
import { createPublishRoute } from '../../server/hooks/publishRoute';

/**
 * Issue 36: a publish the server cannot finish (a full disk, the database
 * gone) is told to `npm run content` with its reason in one line, never a
 * stack; the server's log has the whole error. The publishing behind the
 * route here fails as a full disk does.
 */
let http: Server;
let url: string;
const logged: unknown[] = [];

beforeAll(async () => {
  const full = Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' });
  const publishing: ContentPublishing = {
    takesPublishRequests: true,
    tellsBrowsers: false,
    authorizes: (authorization) => authorization === 'Bearer the-token',
    publish: () => Promise.reject(full),
    onEvent: () => () => undefined,
    watching: Promise.resolve(),
    listening: () => undefined,
    close: () => Promise.resolve(),
  };
  const route = createPublishRoute(publishing, {
    error: (fields: unknown) => void logged.push(fields),
  });
  http = createServer((request, response) =>
    route.handle(request, response, () => response.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

it('answers a failed publish with its reason, in one line', async () => {
  const response = await fetch(`${url}${CONTENT_PUBLISH_PATH}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer the-token' },
  });
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({
    error: 'The server could not publish content/: no space left on device, write (ENOSPC)',
  });
  expect(logged).toHaveLength(1);
});
