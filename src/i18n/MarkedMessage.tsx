import { cloneElement, type ReactElement } from 'react';
import type { MessageId } from './__generated__/messageIds';
import { useMessages } from './useMessages';

/** Marks a value's place in the text while the marked part is found. */
const PLACE = /\uE000(\d+)\uE001/g;

/**
 * A message whose text marks one part as `<0>…</0>` (the site's name in the
 * footer, bold), shown with that part in `element`. What Lingui's `<Trans>`
 * does for this one case, without its general parser in every page's bundle.
 * The values go in after the mark is found, so a value that holds `<0>` stays
 * text.
 */
export function MarkedMessage({
  id,
  values,
  element,
}: {
  id: MessageId;
  values: Record<string, string>;
  element: ReactElement;
}) {
  const t = useMessages();
  const names = Object.keys(values);
  const text = t(
    id,
    Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`])),
  );
  const fill = (part: string) =>
    part.replace(PLACE, (_, index: string) => values[names[Number(index)]!] ?? '');
  const marked = /<0>([\s\S]*?)<\/0>/.exec(text);
  if (!marked) return fill(text);
  return (
    <>
      {fill(text.slice(0, marked.index))}
      {cloneElement(element, undefined, fill(marked[1]!))}
      {fill(text.slice(marked.index + marked[0].length))}
    </>
  );
}
