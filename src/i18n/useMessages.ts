import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { MessageId } from './__generated__/messageIds';

/** Values a message's placeholders take (`{count}`, `{name}`). */
export type MessageValues = Record<string, string | number>;

/** A function giving the interface text of an id in the page's locale (src/i18n/catalogs/<locale>.po). */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The page's interface text: `const t = useMessages(); t('search.button')`. */
export function useMessages(): Translate {
  const { i18n } = useLingui();
  return useCallback((id, values) => i18n._(id, values), [i18n]);
}
