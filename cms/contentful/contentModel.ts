import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENTFUL_DEFAULT_LOCALE } from '../../api/sources/contentful/contentfulLocales';

/**
 * Folio's content model as Contentful holds it: `content-model.json`, the
 * file a user imports into an empty space with Contentful's CLI (its
 * `contentTypes`, `editorInterfaces` and `locales`, in the CLI's import
 * format). The fixture builds its GraphQL schema from this same file and the
 * demo content is checked against it, so the three cannot drift apart.
 */
export const CONTENT_MODEL_FILE = path.join(__dirname, 'content-model.json');

export type FieldType =
  | 'Symbol'
  | 'Text'
  | 'RichText'
  | 'Integer'
  | 'Number'
  | 'Date'
  | 'Boolean'
  | 'Object'
  | 'Link'
  | 'Array'
  | 'Location';

export interface FieldValidation {
  linkContentType?: string[];
  linkMimetypeGroup?: string[];
  size?: { min?: number | null; max?: number | null };
  in?: string[];
  range?: { min?: number | null; max?: number | null };
  regexp?: { pattern: string; flags?: string | null };
  unique?: boolean;
  enabledNodeTypes?: string[];
  enabledMarks?: string[];
  nodes?: Record<string, FieldValidation[]>;
  message?: string;
}

export interface ContentField {
  id: string;
  name: string;
  type: FieldType;
  localized: boolean;
  required: boolean;
  validations: FieldValidation[];
  disabled?: boolean;
  omitted?: boolean;
  linkType?: 'Entry' | 'Asset';
  items?: { type: 'Symbol' | 'Link'; linkType?: 'Entry' | 'Asset'; validations: FieldValidation[] };
}

export interface ContentType {
  sys: { id: string; type: 'ContentType'; publishedVersion?: number };
  name: string;
  description?: string;
  displayField: string | null;
  fields: ContentField[];
}

export interface EditorInterface {
  sys: {
    id: string;
    type: 'EditorInterface';
    contentType: { sys: { id: string; type: 'Link'; linkType: 'ContentType' } };
  };
  controls: {
    fieldId: string;
    widgetId: string;
    widgetNamespace?: string;
    settings?: Record<string, unknown>;
  }[];
}

export interface Locale {
  name: string;
  code: string;
  fallbackCode: string | null;
  default: boolean;
  contentManagementApi?: boolean;
  contentDeliveryApi?: boolean;
  optional?: boolean;
}

export interface ContentModel {
  contentTypes: ContentType[];
  editorInterfaces: EditorInterface[];
  locales: Locale[];
}

export function readContentModel(file = CONTENT_MODEL_FILE): ContentModel {
  return JSON.parse(readFileSync(file, 'utf8')) as ContentModel;
}

/** The space's default locale, Folio's default (api/sources/contentful/contentfulLocales.ts maps the others). */
export const LOCALE = CONTENTFUL_DEFAULT_LOCALE;

/** Contentful's GraphQL type for a content type: its id in PascalCase, other characters dropped (`heroBlock` → `HeroBlock`). */
export function graphQLTypeName(contentTypeId: string): string {
  const words = contentTypeId.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** The content types a link field (or an array of links) may point at; empty when any entry may. */
export function linkedContentTypes(field: ContentField): string[] {
  const validations = field.type === 'Array' ? (field.items?.validations ?? []) : field.validations;
  return validations.flatMap((validation) => validation.linkContentType ?? []);
}

/** The most links an array field may hold (its `size.max`), when the model says. */
export function maxItems(field: ContentField): number | null {
  return (
    field.validations.find((validation) => typeof validation.size?.max === 'number')?.size?.max ??
    null
  );
}
