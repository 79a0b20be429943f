import type { Translatable } from '../contentSource';
import { list, record } from '../cms/answerFields';
import type { CmsRequest } from '../cms/cmsReader';
import { translationLoader } from '../cms/keyedLoaders';
import type { CmsVersion } from '../cms/localeVersions';
import { sysId } from './contentfulEntries';
import { VERSION_SLUGS, versionsIn } from './contentfulLocales';
import { COST, itemsPerRequest } from './contentfulQueries';
import type { ContentfulRequest } from './contentfulRequest';

/** Contentful's content types are Folio's types in lower case (cms/contentful/content-model.json). */
type ContentType = Lowercase<Translatable['__typename']>;

/** A document's versions by id, one collection query per type and batch: its own slug in each of Folio's locales (VERSION_SLUGS). */
export function contentfulTranslations(request: ContentfulRequest): CmsRequest['translations'] {
  return translationLoader(async (folioType, ids) => {
    const type = folioType.toLowerCase() as ContentType;
    const where =
      type === 'article' ? request.visible('sys: { id_in: $ids }') : '{ sys: { id_in: $ids } }';
    const answer = await request.batch.query<unknown>({
      field: `${type}Collection(limit: ${ids.length}, where: ${where}${request.previewArgument}) { items { sys { id } ${VERSION_SLUGS} } }`,
      variables: {
        ids: ['[String]', [...ids]],
        ...(type === 'article' ? request.timeVariables() : {}),
      },
      cost: ids.length * COST.plain,
    });
    return request.read(() =>
      list(record(answer, `${type}Collection`), 'items', `${type}Collection`).flatMap(
        (item, index): [string, CmsVersion[]][] => {
          if (item === null) return [];
          const path = `${type}Collection.items[${index}]`;
          const entry = record(item, path);
          return [[sysId(entry, path), versionsIn(entry)]];
        },
      ),
    );
  }, itemsPerRequest(COST.plain));
}
