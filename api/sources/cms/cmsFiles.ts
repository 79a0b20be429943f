import type { Asset, ImageOriginal } from '../contentSource';
import { readBounded } from './boundedAnswer';
import type { CmsService } from './cmsGraphQL';

/** The largest image file Folio reads from a CMS, to resize or pass on (a camera's original is a few tens of megabytes at most). */
const MAX_CMS_FILE_BYTES = 64 * 1024 * 1024;

/** Redirects an image's address may take, each to a host on the list. */
const MAX_FILE_REDIRECTS = 3;

/** Why Folio will not fetch `url` for a source whose files come from `hosts`, or null. */
export function fileUrlProblem(url: string, hosts: readonly string[]): string | null {
  if (!URL.canParse(url)) return 'it is not a URL';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'it is not http(s)';
  if (parsed.username || parsed.password) return 'it carries credentials';
  if (!hosts.includes(parsed.host.toLowerCase()))
    return `${parsed.host} is not a host the source's settings name (${hosts.join(', ')})`;
  return null;
}

/**
 * An image file the CMS serves at `url` (the original of `/images/<file>`):
 * its bytes, read no further than MAX_CMS_FILE_BYTES. Only from the hosts the
 * source's settings name (the CMS's own and its file hosts: never another
 * address a CMS's content names), redirects only within them, and only an
 * image. Anything else throws, as does a file past that size or no answer
 * within the service's timeout (10 s by default).
 */
export async function fetchCmsFile(
  service: Pick<CmsService, 'name' | 'timeoutMs'>,
  url: string,
  file: string,
  hosts: readonly string[],
): Promise<Buffer> {
  const signal = AbortSignal.timeout(service.timeoutMs ?? 10_000);
  let at = url;
  for (let redirects = 0; ; redirects += 1) {
    const problem = fileUrlProblem(at, hosts);
    if (problem)
      throw new Error(`${service.name} names ${file} at ${at}, which is not fetched: ${problem}`);
    const response = await fetch(at, { signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (redirects >= MAX_FILE_REDIRECTS)
        throw new Error(`${service.name} redirects ${file} more than ${MAX_FILE_REDIRECTS} times`);
      at = new URL(location, at).toString();
      continue;
    }
    if (!response.ok)
      throw new Error(`${service.name} answered HTTP ${response.status} for ${file}`);
    const type = response.headers.get('content-type') ?? '';
    if (!/^image\//i.test(type)) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(
        `${service.name} answered ${type || 'no content type'} for ${file}, not an image`,
      );
    }
    return readBounded(response, MAX_CMS_FILE_BYTES);
  }
}

/** An image a CMS holds, as its source found it by id: the asset, where the CMS serves its file, and who may see it. */
export interface FoundImage {
  asset: Asset;
  url: string;
  visibility: ImageOriginal['visibility'];
}

/**
 * An image file by its name under /images (`<id>/<file name>`): the image
 * `find` finds by its id, when that is its own file (another name after its
 * id is no file of it), its bytes fetched from `hosts` only when asked.
 */
export async function imageOriginal(
  service: Pick<CmsService, 'name' | 'timeoutMs'>,
  file: string,
  hosts: readonly string[],
  find: (id: string) => Promise<FoundImage | null>,
): Promise<ImageOriginal | null> {
  const id = file.split('/', 1)[0]!;
  const found = await find(id);
  if (!found || found.asset.file !== file) return null;
  return {
    contentType: found.asset.contentType,
    visibility: found.visibility,
    bytes: () => fetchCmsFile(service, found.url, file, hosts),
  };
}
