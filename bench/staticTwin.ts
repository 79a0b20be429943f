import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page's static twin: the HTML Folio renders for `path`, with every script
 * removed, answered by a proxy that passes every other request (styles, fonts,
 * images) to the site unchanged. Lighthouse on it measures the page with no
 * JavaScript at all, over the same files: the limit server rendering aims at.
 */
export async function startStaticTwin(
  siteUrl: string,
  path: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const rendered = await (await fetch(siteUrl + path)).text();
  const twin = Buffer.from(rendered.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''));
  const site = new URL(siteUrl);
  const server = createServer((request, response) => {
    if (request.url === path) {
      response
        .writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': String(twin.length),
          'Cache-Control': 'no-cache',
        })
        .end(twin);
      return;
    }
    const upstream = httpRequest(
      {
        host: site.hostname,
        port: site.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: site.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
