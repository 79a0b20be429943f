/**
 * A live blog's file (content/articles/<slug>.md) with one more update at the
 * top of its `updates:`, as a writer adds one (content/README.md#live-blogs).
 */
export function withLiveUpdate(
  text: string,
  { title, text: words, at }: { title: string; text: string; at: string },
): string {
  if (!/^ {2}updates:\n/m.test(text)) throw new Error('the file has no live blog updates: list');
  return text.replace(
    /^ {2}updates:\n/m,
    `  updates:\n    - at: ${at}\n      title: ${title}\n      body: |\n        ${words}\n`,
  );
}
