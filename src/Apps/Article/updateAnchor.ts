/**
 * The element id of a live blog's update, what its key events and its
 * structured data link to. A module of its own: the structured data is in
 * every article's chunk, the updates only in the live blog's.
 */
export const updateAnchor = (id: string) => `update-${id}`;
