import { record } from '../cms/answerFields';
import type { CmsRequest } from '../cms/cmsReader';
import { translationLoader } from '../cms/keyedLoaders';
import { documentIdOf } from './strapiDocuments';
import { VERSIONS, versionsIn } from './strapiLocales';
import { hasDrafts, type LocalizedType, type StrapiRequest } from './strapiRequest';

/**
 * A document's versions, by documentId, one query per type and batch: its
 * own locale and slug and Strapi's `localizations` (the other locales'
 * versions, in the same status as the query: a reader's are published).
 */
export function strapiTranslations(request: StrapiRequest): CmsRequest['translations'] {
  return translationLoader(async (folioType, ids) => {
    // Strapi's collections are Folio's types in the plural (each content type's `pluralName`, cms/strapi/src/api/).
    const type = `${folioType.toLowerCase()}s` as LocalizedType;
    const filters =
      type === 'articles'
        ? request.visible('documentId: { in: $ids }')
        : '{ documentId: { in: $ids } }';
    const answer = await request.batch.query<unknown[]>({
      field: `${type}(filters: ${filters}, pagination: { limit: ${ids.length} }, locale: $locale${hasDrafts(type) ? `, ${request.statusArgument}` : ''}) { ${VERSIONS} }`,
      variables: {
        ids: ['[ID]', [...ids]],
        ...request.localeVariable,
        ...(type === 'articles' ? request.timeVariables() : {}),
      },
    });
    return request.read(() =>
      answer.flatMap((node, index): [string, ReturnType<typeof versionsIn>][] => {
        if (node === null) return [];
        const path = `${type}[${index}]`;
        const document = record(node, path);
        return [[documentIdOf(document, path), versionsIn(document, path)]];
      }),
    );
  });
}
