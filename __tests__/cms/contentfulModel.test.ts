import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readContentFiles } from '../../api/publishing/readContentFiles';
import { CONTENTFUL_LOCALES } from '../../api/sources/contentful/contentfulLocales';
import { readContentTranslations } from '../../cms/contentTranslations';
import { LOCALES as STRAPI_LOCALES } from '../../cms/strapi/lib/folio.js';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../shared/locales';
import {
  LOCALE,
  linkedContentTypes,
  maxItems,
  readContentModel,
  type ContentField,
  type ContentModel,
} from '../../cms/contentful/contentModel';
import {
  demoSpace,
  type DemoSpace,
  type ImportAsset,
  type ImportEntry,
} from '../../cms/contentful/demoSpace';

/**
 * The two files a user imports with Contentful's CLI (`contentful space
 * import --content-file …`): the content model (cms/contentful/content-model.json)
 * and the demo content made from Folio's seed (writeDemoContent.ts). Nothing
 * here reaches Contentful: the files are checked against the import format
 * (contentful-import's own payload schema and what Contentful validates on
 * publish: types, links, validations, required fields) and against cms/README.md.
 */
const ROOT = path.resolve(__dirname, '../..');
const FIELD_TYPES = [
  'Symbol',
  'Text',
  'RichText',
  'Integer',
  'Number',
  'Date',
  'Boolean',
  'Object',
  'Link',
  'Array',
  'Location',
];
/** Rich-text nodes every document may hold, whatever `enabledNodeTypes` says. */
const ALWAYS_ENABLED = [
  'document',
  'paragraph',
  'text',
  'list-item',
  'table-row',
  'table-cell',
  'table-header-cell',
];
const SYMBOL_MAX = 256;
const TEXT_MAX = 50_000;

/** Problems of a content model in the import format; none when it is well formed. */
function modelProblems(model: ContentModel): string[] {
  const problems: string[] = [];
  const ids = new Set(model.contentTypes.map((contentType) => contentType.sys?.id));
  for (const contentType of model.contentTypes) {
    const at = `contentType ${contentType.sys?.id}`;
    if (
      !/^[A-Za-z0-9_.-]{1,64}$/.test(contentType.sys?.id ?? '') ||
      contentType.sys.type !== 'ContentType'
    )
      problems.push(`${at}: sys.id and sys.type`);
    if (!contentType.sys?.publishedVersion)
      problems.push(`${at}: no sys.publishedVersion, so the import leaves it unpublished`);
    if (typeof contentType.name !== 'string' || !contentType.name) problems.push(`${at}: name`);
    const fieldIds = contentType.fields.map((field) => field.id);
    if (new Set(fieldIds).size !== fieldIds.length) problems.push(`${at}: duplicate field ids`);
    const display = contentType.fields.find((field) => field.id === contentType.displayField);
    if (contentType.displayField !== null && display?.type !== 'Symbol')
      problems.push(`${at}: displayField must be a short text field or null`);
    for (const field of contentType.fields) {
      const where = `${at}.${field.id}`;
      if (!/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(field.id) || typeof field.name !== 'string')
        problems.push(`${where}: id and name`);
      if (!FIELD_TYPES.includes(field.type)) problems.push(`${where}: type ${field.type}`);
      if (
        typeof field.localized !== 'boolean' ||
        typeof field.required !== 'boolean' ||
        !Array.isArray(field.validations)
      )
        problems.push(`${where}: localized, required and validations`);
      if (
        (field.type === 'Link') !== (field.linkType !== undefined) ||
        (field.linkType && !['Entry', 'Asset'].includes(field.linkType))
      )
        problems.push(`${where}: linkType`);
      if (
        field.type === 'Array' &&
        !(
          field.items &&
          (field.items.type === 'Symbol' ||
            (field.items.type === 'Link' &&
              ['Entry', 'Asset'].includes(field.items.linkType ?? '')))
        )
      )
        problems.push(`${where}: items`);
      for (const target of linkedContentTypes(field))
        if (!ids.has(target)) problems.push(`${where}: links to unknown content type ${target}`);
      for (const validation of field.validations)
        for (const nodes of Object.values(validation.nodes ?? {}))
          for (const target of nodes.flatMap((node) => node.linkContentType ?? []))
            if (!ids.has(target))
              problems.push(`${where}: rich text links to unknown content type ${target}`);
    }
    const controls =
      model.editorInterfaces.find((editor) => editor.sys.contentType.sys.id === contentType.sys.id)
        ?.controls ?? [];
    if (controls.map((control) => control.fieldId).join() !== fieldIds.join())
      problems.push(`${at}: its editor interface does not cover its fields`);
    // What the web app shows under each field, in the writer's words (Contentful allows 255 characters).
    for (const control of controls) {
      const help = control.settings?.helpText;
      if (typeof help !== 'string' || help.length === 0 || help.length > 255)
        problems.push(
          `${at}.${control.fieldId}: no help text (settings.helpText, 1-255 characters)`,
        );
    }
  }
  if (model.editorInterfaces.length !== model.contentTypes.length)
    problems.push('one editor interface per content type');
  if (!model.locales.some((locale) => locale.code === LOCALE && locale.default))
    problems.push(`the default locale must be ${LOCALE}`);
  return problems;
}

/** Problems of import entries and assets against the model: what the CLI or Contentful would refuse. */
function contentProblems(
  model: ContentModel,
  space: Pick<DemoSpace, 'entries' | 'assets'>,
): string[] {
  const problems: string[] = [];
  const types = new Map(model.contentTypes.map((contentType) => [contentType.sys.id, contentType]));
  const entries = new Map(space.entries.map((entry) => [entry.sys.id, entry]));
  const assets = new Map(space.assets.map((asset) => [asset.sys.id, asset]));
  const slugs = new Map<string, Set<string>>();
  const spaceLocales = model.locales.map((locale) => locale.code);
  const checkLink = (
    link: unknown,
    linkType: string | undefined,
    allowed: string[],
    where: string,
  ) => {
    const sys = (link as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } } | null)
      ?.sys;
    if (sys?.type !== 'Link' || sys.linkType !== linkType || typeof sys.id !== 'string')
      return problems.push(`${where}: not a link to an ${linkType}`);
    if (linkType === 'Asset' && !assets.has(sys.id))
      problems.push(`${where}: links to a missing asset`);
    if (linkType === 'Entry') {
      const target = entries.get(sys.id);
      if (!target) problems.push(`${where}: links to a missing entry`);
      else if (allowed.length > 0 && !allowed.includes(target.sys.contentType.sys.id))
        problems.push(`${where}: links to a ${target.sys.contentType.sys.id}`);
    }
  };
  const checkDocument = (field: ContentField, document: unknown, where: string) => {
    const enabledNodes = field.validations.flatMap(
      (validation) => validation.enabledNodeTypes ?? [],
    );
    const enabledMarks = field.validations.flatMap((validation) => validation.enabledMarks ?? []);
    const nodeRules = Object.assign(
      {},
      ...field.validations.map((validation) => validation.nodes ?? {}),
    ) as Record<string, { linkContentType?: string[] }[]>;
    const walk = (node: {
      nodeType?: unknown;
      content?: unknown;
      marks?: { type: string }[];
      data?: { target?: unknown };
    }) => {
      const nodeType = String(node.nodeType);
      if (!ALWAYS_ENABLED.includes(nodeType) && !enabledNodes.includes(nodeType))
        problems.push(`${where}: node ${nodeType} is not enabled`);
      for (const mark of node.marks ?? [])
        if (!enabledMarks.includes(mark.type))
          problems.push(`${where}: mark ${mark.type} is not enabled`);
      if (node.data?.target)
        checkLink(
          node.data.target,
          nodeType.includes('asset') ? 'Asset' : 'Entry',
          (nodeRules[nodeType] ?? []).flatMap((rule) => rule.linkContentType ?? []),
          `${where} (${nodeType})`,
        );
      if (Array.isArray(node.content)) node.content.forEach(walk);
    };
    if ((document as { nodeType?: unknown } | null)?.nodeType !== 'document')
      problems.push(`${where}: not a rich-text document`);
    else walk(document as Parameters<typeof walk>[0]);
  };
  const checkValue = (field: ContentField, value: unknown, where: string) => {
    switch (field.type) {
      case 'Symbol':
      case 'Text':
        if (
          typeof value !== 'string' ||
          value.length > (field.type === 'Symbol' ? SYMBOL_MAX : TEXT_MAX)
        )
          problems.push(
            `${where}: not a ${field.type} (at most ${field.type === 'Symbol' ? SYMBOL_MAX : TEXT_MAX} characters)`,
          );
        break;
      case 'Integer':
        if (!Number.isSafeInteger(value)) problems.push(`${where}: not an integer`);
        break;
      case 'Date':
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
          problems.push(`${where}: not a date`);
        break;
      case 'Object':
        if (typeof value !== 'object' || value === null) problems.push(`${where}: not JSON`);
        break;
      case 'RichText':
        checkDocument(field, value, where);
        break;
      case 'Link':
        checkLink(value, field.linkType, linkedContentTypes(field), where);
        break;
      case 'Array':
        if (!Array.isArray(value)) problems.push(`${where}: not a list`);
        else {
          if (value.length > (maxItems(field) ?? Infinity))
            problems.push(`${where}: more than ${maxItems(field)}`);
          value.forEach((item, index) =>
            field.items?.type === 'Link'
              ? checkLink(
                  item,
                  field.items.linkType,
                  linkedContentTypes(field),
                  `${where}[${index}]`,
                )
              : checkValue({ ...field, type: 'Symbol' }, item, `${where}[${index}]`),
          );
        }
        break;
    }
    for (const validation of field.validations) {
      if (validation.in && !validation.in.includes(value as string))
        problems.push(`${where}: not one of ${validation.in.join(', ')}`);
      if (validation.regexp && !new RegExp(validation.regexp.pattern).test(String(value)))
        problems.push(`${where}: does not match ${validation.regexp.pattern}`);
      const range = validation.range;
      if (
        range &&
        ((range.min != null && (value as number) < range.min) ||
          (range.max != null && (value as number) > range.max))
      )
        problems.push(`${where}: out of range`);
    }
  };
  for (const entry of space.entries) {
    const at = `entry ${entry.sys.id}`;
    const contentType = types.get(entry.sys.contentType?.sys?.id);
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(entry.sys.id) || entry.sys.type !== 'Entry')
      problems.push(`${at}: sys.id and sys.type`);
    if (!contentType) {
      problems.push(`${at}: unknown content type`);
      continue;
    }
    // A field the model localizes may hold a value per locale of the space; any other, the default's alone.
    for (const [fieldId, localized] of Object.entries(entry.fields)) {
      const field = contentType.fields.find((candidate) => candidate.id === fieldId);
      const codes = Object.keys(localized);
      if (!field) problems.push(`${at}: field ${fieldId} is not in ${contentType.sys.id}`);
      else if (!field.localized && codes.join() !== LOCALE)
        problems.push(`${at}.${fieldId}: not keyed by ${LOCALE} alone`);
      else if (field.localized && !codes.every((code) => spaceLocales.includes(code)))
        problems.push(`${at}.${fieldId}: keyed by ${codes.join()}, not the space's locales`);
      else
        for (const code of codes)
          checkValue(
            field,
            localized[code],
            `${at} (${contentType.sys.id}).${fieldId}${code === LOCALE ? '' : ` [${code}]`}`,
          );
    }
    // Contentful checks required fields and unique slugs on publish.
    if (entry.sys.publishedVersion)
      for (const field of contentType.fields)
        if (field.required && entry.fields[field.id]?.[LOCALE] === undefined)
          problems.push(`${at} (${contentType.sys.id}): required ${field.id} is missing`);
    // A slug is unique per content type in each locale.
    for (const [code, slug] of Object.entries(entry.fields.slug ?? {})) {
      if (typeof slug !== 'string') continue;
      const seen = slugs.get(`${contentType.sys.id} ${code}`) ?? new Set();
      if (seen.has(slug)) problems.push(`${at}: slug ${slug} is taken in ${code}`);
      slugs.set(`${contentType.sys.id} ${code}`, seen.add(slug));
    }
  }
  for (const asset of space.assets) {
    const file = asset.fields.file?.[LOCALE];
    if (
      !file ||
      typeof file.url !== 'string' ||
      typeof file.fileName !== 'string' ||
      !/^image\//.test(file.contentType) ||
      !(file.details.image.width > 0)
    )
      problems.push(`asset ${asset.sys.id}: file`);
    if (typeof asset.fields.title?.[LOCALE] !== 'string')
      problems.push(`asset ${asset.sys.id}: title`);
  }
  return problems;
}

const model = readContentModel();
let space: DemoSpace;
beforeAll(async () => {
  space = await demoSpace(readContentFiles(), {
    now: new Date('2026-11-25T00:00:00Z'),
    translations: readContentTranslations(),
  });
});

describe('locales', () => {
  it('the space has one locale per locale of the site, as contentfulLocales.ts maps them, each falling back to the default', () => {
    expect(
      model.locales.map(({ code, default: isDefault, fallbackCode }) => ({
        code,
        isDefault,
        fallbackCode,
      })),
    ).toEqual(
      LOCALE_CODES.map((locale) => ({
        code: CONTENTFUL_LOCALES[locale],
        isDefault: locale === DEFAULT_LOCALE,
        fallbackCode: locale === DEFAULT_LOCALE ? null : CONTENTFUL_LOCALES[DEFAULT_LOCALE],
      })),
    );
    expect(LOCALE).toBe(CONTENTFUL_LOCALES[DEFAULT_LOCALE]);
  });

  it('the demo space holds every translation of content/ in its locale', () => {
    const translations = readContentTranslations();
    const slugsIn = (code: string) =>
      space.entries.flatMap((entry) => {
        const slug = entry.fields.slug?.[code];
        return entry.sys.contentType.sys.id === 'article' && typeof slug === 'string' ? [slug] : [];
      });
    for (const locale of LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE))
      expect(slugsIn(CONTENTFUL_LOCALES[locale]).sort()).toEqual(
        translations.articles
          .filter((translation) => translation.locale === locale)
          .map((translation) => translation.slug)
          .sort(),
      );
  });

  it("the repo's Strapi makes the site's locales (cms/strapi/lib/folio.js), the default first", () => {
    expect(STRAPI_LOCALES.map((locale) => locale.code)).toEqual([...LOCALE_CODES]);
  });
});

describe('content-model.json', () => {
  it('is in the import format of `contentful space import`', () => {
    expect(Object.keys(model).sort()).toEqual(['contentTypes', 'editorInterfaces', 'locales']);
    expect(modelProblems(model)).toEqual([]);
  });

  it('holds exactly the content types and fields cms/README.md lists', () => {
    const readme = readFileSync(path.join(ROOT, 'cms/README.md'), 'utf8');
    const rows = (heading: string) =>
      readme
        .split(heading)[1]!
        .split('\n###')[0]!
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('| ') && !line.startsWith('| type') && !line.startsWith('| block'),
        );
    const identifiers = (cell: string) =>
      [...cell.matchAll(/`([a-z][A-Za-z]*)`/g)].map((match) => match[1]!);
    const camel = (words: string) =>
      words
        .replace(/\*/g, '')
        .trim()
        .replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
    const expected = new Map([
      ...rows('### Entries').map((line) => {
        const [, type, fields] = line.split('|');
        return [camel(type!), identifiers(fields!)] as const;
      }),
      ...rows('### Page blocks').map((line) => {
        const [, block, fields] = line.split('|');
        return [`${camel(block!)}Block`, identifiers(fields!)] as const;
      }),
    ]);
    expect(model.contentTypes.map((contentType) => contentType.sys.id).sort()).toEqual(
      [...expected.keys()].sort(),
    );
    for (const contentType of model.contentTypes)
      expect([contentType.sys.id, contentType.fields.map((field) => field.id).sort()]).toEqual([
        contentType.sys.id,
        [...expected.get(contentType.sys.id)!].sort(),
      ]);
  });

  it('the check finds what the CLI or Contentful would refuse', () => {
    const broken = structuredClone(model);
    const article = broken.contentTypes.find((contentType) => contentType.sys.id === 'article')!;
    delete article.sys.publishedVersion;
    article.fields.find((field) => field.id === 'heroImage')!.type =
      'Picture' as ContentField['type'];
    broken.editorInterfaces.pop();
    expect(modelProblems(broken)).toEqual([
      'contentType article: no sys.publishedVersion, so the import leaves it unpublished',
      'contentType article.heroImage: type Picture',
      'contentType article.heroImage: linkType',
      'contentType newsletterSignupBlock: its editor interface does not cover its fields',
      'one editor interface per content type',
    ]);
  });
});

describe('the demo content made from the seed', () => {
  it('fits the model: field types, links, rich text, validations, required fields, unique slugs', () => {
    expect(contentProblems(model, space)).toEqual([]);
  });

  it('holds the whole seed: published, drafts, the scheduled article, one site', () => {
    const content = readContentFiles();
    const of = (type: string) =>
      space.entries.filter((entry) => entry.sys.contentType.sys.id === type);
    const slugOf = (entry: ImportEntry) => entry.fields.slug?.[LOCALE];
    expect(of('article')).toHaveLength(content.articles.length);
    expect(of('author')).toHaveLength(content.authors.length);
    expect(of('topic')).toHaveLength(content.topics.length);
    expect(of('page')).toHaveLength(content.pages.length);
    expect(of('site')).toHaveLength(1);
    expect(space.assets).toHaveLength(content.assets.length);
    const unpublished = of('article').filter((entry) => !entry.sys.publishedVersion);
    expect(unpublished.map(slugOf).sort()).toEqual(
      content.articles
        .filter((article) => article.status !== 'PUBLISHED')
        .map((article) => article.slug)
        .sort(),
    );
    const scheduled = of('article').find((entry) => slugOf(entry) === 'how-elevators-decide')!;
    expect(scheduled.sys.publishedVersion).toBe(1);
    expect(scheduled.fields.publicationDate![LOCALE]).toBe('2027-10-14T08:00:00.000Z');
    // Contentful cannot have published it in the future: the publication date is what schedules it.
    expect(scheduled.sys.publishedAt! <= '2026-11-25T00:00:00.000Z').toBe(true);
    // A draft's own hero image stays unpublished, as readers never see it.
    const draftHero = space.assets.find(
      (asset: ImportAsset) => asset.fields.title[LOCALE] === 'hero-the-four-day-week',
    )!;
    expect(draftHero.sys.publishedVersion).toBeUndefined();
  });

  it('the check finds what the CLI or Contentful would refuse', () => {
    const broken = structuredClone({ entries: space.entries, assets: space.assets });
    const article = broken.entries.find(
      (entry) => entry.sys.contentType.sys.id === 'article' && entry.sys.publishedVersion,
    )!;
    delete article.fields.title;
    article.fields.slug = { [LOCALE]: 'Not A Slug' };
    (article.fields.topics![LOCALE] as { sys: { id: string } }[])[0]!.sys.id = 'nowhere';
    expect(contentProblems(model, broken)).toEqual([
      `entry ${article.sys.id} (article).slug: does not match ^[a-z0-9]+(-[a-z0-9]+)*$`,
      `entry ${article.sys.id} (article).topics[0]: links to a missing entry`,
      `entry ${article.sys.id} (article): required title is missing`,
    ]);
  });

  it('writeDemoContent.ts writes the import file and the image files where `--upload-assets --assets-directory` finds them', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'folio-contentful-demo-'));
    try {
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'cms/contentful/writeDemoContent.ts', '--out', out],
        { cwd: ROOT },
      );
      const [contentFile, assetsDir] = stdout.trim().split('\n');
      const written = JSON.parse(readFileSync(contentFile!, 'utf8')) as DemoSpace;
      expect(Object.keys(written).sort()).toEqual(['assets', 'entries', 'locales']);
      expect(contentProblems(model, written)).toEqual([]);
      for (const asset of written.assets) {
        // contentful-import: join(assetsDirectory, url.split('//')[1]).
        const file = path.join(assetsDir!, asset.fields.file[LOCALE]!.url.split('//')[1]!);
        expect(existsSync(file)).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
