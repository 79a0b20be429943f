/**
 * Opaque global IDs (Relay's Node convention): base64url of `Type:id`.
 * Block IDs carry the page and position: `HeroBlock:12.0`.
 */
export function toGlobalId(type: string, id: string | number): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
}

export function fromGlobalId(globalId: string): { type: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { type: decoded.slice(0, colon), id: decoded.slice(colon + 1) };
}

/** The numeric database id behind a global ID of the given type, or null. */
export function databaseId(globalId: string, type: string): number | null {
  const parsed = fromGlobalId(globalId);
  if (!parsed || parsed.type !== type || !/^\d{1,9}$/.test(parsed.id)) return null;
  return Number(parsed.id);
}
