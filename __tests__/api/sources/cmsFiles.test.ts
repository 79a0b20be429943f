import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchCmsFile, fileUrlProblem } from '../../../api/sources/cms/cmsFiles';
import { readSourceSettings } from '../../../settings/sourceSettings';

/**
 * Issue 26 (2): Folio fetches an image only from the hosts the source's
 * settings name, follows redirects only among them, and hands the reader only
 * an image: a CMS naming another address (a private one above all) gets
 * nothing fetched from it.
 */
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
let cms: Server;
let other: Server;
let otherHits = 0;
const hostOf = (server: Server) => `127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  other = createServer((_request, response) => {
    otherHits += 1;
    response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
  });
  cms = createServer((request, response) => {
    if (request.url === '/image.png')
      return void response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    if (request.url === '/page.html')
      return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
    if (request.url === '/away')
      return void response.writeHead(302, { Location: `http://${hostOf(other)}/x.png` }).end();
    if (request.url === '/here')
      return void response.writeHead(302, { Location: '/image.png' }).end();
    response.writeHead(404).end();
  });
  await Promise.all(
    [cms, other].map((server) => new Promise<void>((done) => server.listen(0, '127.0.0.1', done))),
  );
});
afterAll(async () => {
  await Promise.all([cms, other].map((server) => new Promise((done) => server.close(done))));
});
beforeEach(() => {
  otherHits = 0;
});

const service = { name: 'TestCMS', timeoutMs: 2_000 };
const hosts = () => [hostOf(cms)];

it('reads an image from a host the settings name, and through a redirect that stays among them', async () => {
  expect(
    await fetchCmsFile(service, `http://${hostOf(cms)}/image.png`, 'a/image.png', hosts()),
  ).toEqual(PNG);
  expect(await fetchCmsFile(service, `http://${hostOf(cms)}/here`, 'a/image.png', hosts())).toEqual(
    PNG,
  );
});

it.each([
  ['another address (a private one)', () => `http://${hostOf(other)}/x.png`],
  ['a redirect to another address', () => `http://${hostOf(cms)}/away`],
])('fetches nothing from %s', async (_what, url) => {
  await expect(fetchCmsFile(service, url(), 'a/x.png', hosts())).rejects.toThrow(/not fetched/);
  expect(otherHits).toBe(0);
});

it('hands the reader only an image', async () => {
  await expect(
    fetchCmsFile(service, `http://${hostOf(cms)}/page.html`, 'a/page.html', hosts()),
  ).rejects.toThrow(/not an image/);
});

it.each([
  'file:///etc/passwd',
  'ftp://images.ctfassets.net/x.png',
  'https://user:pass@images.ctfassets.net/x.png',
  'https://images.ctfassets.net.evil.example/x.png',
  'http://127.0.0.1:9/x.png',
  'http://169.254.169.254/latest/meta-data',
])('refuses %s for Contentful', (url) => {
  const settings = readSourceSettings({
    FOLIO_CONTENT_SOURCE: 'contentful',
    FOLIO_CONTENTFUL_SPACE_ID: 'space',
    FOLIO_CONTENTFUL_DELIVERY_TOKEN: 'token',
  });
  if (settings.kind !== 'contentful') throw new Error('contentful settings expected');
  expect(
    fileUrlProblem('https://images.ctfassets.net/space/a/b/x.png', settings.fileHosts),
  ).toBeNull();
  expect(fileUrlProblem(url, settings.fileHosts)).not.toBeNull();
});

it('takes a Strapi upload provider’s host from FOLIO_STRAPI_MEDIA_HOSTS, beside Strapi’s own', () => {
  const settings = readSourceSettings({
    FOLIO_CONTENT_SOURCE: 'strapi',
    FOLIO_STRAPI_URL: 'http://127.0.0.1:1337',
    FOLIO_STRAPI_TOKEN: 'token',
    FOLIO_STRAPI_MEDIA_HOSTS: 'media.example, CDN.example:8443',
  });
  expect(settings.kind === 'strapi' && settings.fileHosts).toEqual([
    '127.0.0.1:1337',
    'media.example',
    'cdn.example:8443',
  ]);
  expect(() =>
    readSourceSettings({
      FOLIO_CONTENT_SOURCE: 'strapi',
      FOLIO_STRAPI_URL: 'http://127.0.0.1:1337',
      FOLIO_STRAPI_TOKEN: 'token',
      FOLIO_STRAPI_MEDIA_HOSTS: 'http://media.example/path',
    }),
  ).toThrow(/FOLIO_STRAPI_MEDIA_HOSTS must list hosts/);
});
