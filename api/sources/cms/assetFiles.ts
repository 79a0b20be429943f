import { createHash } from 'node:crypto';

/**
 * An image's file under /images: the CMS's id for it and its own file name,
 * made safe for a path, so one image's files never collide with another's.
 */
export function imageFile(id: string, fileName: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'image';
  return `${id}/${safe}`;
}

/** An image's version: both CMSs' file URLs change with the file (Strapi's carry its hash), so the version follows the URL. */
export const imageVersion = (url: string) =>
  createHash('sha256').update(url).digest('hex').slice(0, 10);
