import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { isScalar } from 'yaml';
import { CONTENT_IMAGE_MAX_BYTES, isValidSlug } from '../../shared/limits';
import type { AssetFile, SiteFile } from '../model/contentFiles';
import { FileProblems, type ContentProblem } from './problems';
import { parseYaml, YamlFields } from './yamlFields';
import {
  CONTENT_LAYOUT,
  RecordValues,
  ContentRecord,
  contentHash,
  NOT_UTF8,
  decodeText,
  readLink,
  ContentReads,
  type FolderEntry,
} from './contentRecord';

/** The records content/'s YAML files hold: the site, assets.yaml, embeds.yaml. */

export interface YamlFile {
  file: string;
  text: string;
  fields: YamlFields;
  problems: FileProblems;
}

export function readYamlFile(
  reads: ContentReads,
  file: string,
  problems: ContentProblem[],
): YamlFile | null {
  if (!existsSync(path.join(reads.dir, file))) return null;
  const bytes = reads.read(file);
  if (!bytes) return null;
  const { text, notUtf8Line } = decodeText(bytes);
  const fileProblems = new FileProblems(file);
  if (notUtf8Line !== null) fileProblems.add(notUtf8Line, NOT_UTF8);
  const yaml = parseYaml({ text, firstLine: 1, problems: fileProblems });
  if (!yaml) {
    problems.push(...fileProblems.list);
    return null;
  }
  return {
    file,
    text,
    fields: new YamlFields(yaml, yaml.root, fileProblems, file),
    problems: fileProblems,
  };
}

export function readSite({ file, fields }: YamlFile): ContentRecord<'site'>[] {
  fields.onlyKnown(['title', 'description', 'navigation', 'footer']);
  const links = (key: 'navigation' | 'footer') =>
    (fields.list(key) ?? []).flatMap((node) => readLink(fields.sub(node, `a ${key} link`)) ?? []);
  const value: SiteFile = {
    title: fields.text('title', true) ?? '',
    description: fields.text('description', true) ?? '',
    navigation: links('navigation'),
    footer: links('footer'),
  };
  return [
    {
      kind: 'site',
      key: 'site',
      file,
      line: 1,
      hash: contentHash('site', JSON.stringify(value)),
      references: [],
      value,
    },
  ];
}

export function readAssets(
  { file, fields }: YamlFile,
  reads: ContentReads,
  /** Assets whose file is missing or cannot be read: their problem is said here, once. */
  unreadable: FolderEntry[] = [],
): ContentRecord<'asset'>[] {
  return fields.entries().flatMap(({ key, node, line }) => {
    const asset = fields.sub(node, `the asset ${key}`, line);
    asset.onlyKnown(['file', 'alt']);
    checkKey(asset, key, 'an asset');
    const image = asset.text('file', true);
    const alt = asset.text('alt', true);
    if (image === undefined || alt === undefined) return [];
    const known = () => {
      unreadable.push({ kind: 'asset', key, file, line, references: [] });
      return [];
    };
    const imagePath = path.posix.normalize(image);
    if (!imagePath.startsWith(`${CONTENT_LAYOUT.images}/`) || imagePath.includes('..')) {
      asset.problem(
        'file',
        `an asset's file is in ${CONTENT_LAYOUT.images}/ (for example ${CONTENT_LAYOUT.images}/${key}.jpg)`,
      );
      return known();
    }
    // Nothing there at all; a link (broken, or out of the folder) is read below, which says why it is not followed.
    if (!lstatSync(path.join(reads.dir, imagePath), { throwIfNoEntry: false })) {
      asset.problem('file', `there is no file ${imagePath}`);
      return known();
    }
    const bytes = reads.read(imagePath, CONTENT_IMAGE_MAX_BYTES);
    if (!bytes) return known();
    const value: AssetFile = { key, file: imagePath, alt };
    // The image's bytes are part of the hash: a new drawing under the same name is a change (its version, its size).
    return [
      {
        kind: 'asset' as const,
        key,
        file,
        line,
        hash: contentHash('asset', JSON.stringify(value), bytes),
        references: [],
        value,
      },
    ];
  });
}

/**
 * assets.<locale>.yaml (docs/publishing.md#translations): each asset's alt text in that
 * locale, by its key in assets.yaml. A key assets.yaml does not have is a
 * problem on its line.
 */
export function readAssetAlts(
  { file, fields }: YamlFile,
  locale: string,
  assetKeys: ReadonlySet<string>,
): ContentRecord<'translation'>[] {
  const alts: Record<string, string> = {};
  for (const { key, node, line } of fields.entries()) {
    const asset = fields.sub(node, `the asset ${key}`, line);
    asset.onlyKnown(['alt']);
    if (!assetKeys.has(key)) {
      asset.problem(
        undefined,
        `there is no asset "${key}" in ${CONTENT_LAYOUT.assets} to give alt text to`,
      );
      continue;
    }
    const alt = asset.text('alt', true);
    if (alt !== undefined) alts[key] = alt;
  }
  return [
    {
      kind: 'translation',
      key: file.slice(0, -'.yaml'.length),
      file,
      line: 1,
      hash: contentHash('translation', file, JSON.stringify(alts)),
      references: [],
      value: { of: 'assets', locale, original: CONTENT_LAYOUT.assets, alts },
    },
  ];
}

export function readEmbeds({ file, fields }: YamlFile): ContentRecord<'codeBlock' | 'pullQuote'>[] {
  fields.onlyKnown(['codeBlocks', 'pullQuotes']);
  const records: ContentRecord<'codeBlock' | 'pullQuote'>[] = [];
  for (const { key, node, line } of fields.fields('codeBlocks', 'codeBlocks')?.entries() ?? []) {
    const block = fields.sub(node, `the code block ${key}`, line);
    block.onlyKnown(['language', 'code', 'caption']);
    checkKey(block, key, 'a code block');
    const language = block.text('language', true);
    const codeNode = block.node('code');
    // Code keeps its own indentation; only the blank lines a YAML block leaves at its end go.
    const code =
      isScalar(codeNode) && typeof codeNode.value === 'string'
        ? codeNode.value.replace(/\s+$/, '')
        : undefined;
    if (code === undefined || code === '')
      block.problem(
        codeNode ? 'code' : undefined,
        'a code block needs its code (code: | and the lines below it, indented)',
      );
    const caption = block.text('caption');
    if (language === undefined || !code) continue;
    const value: RecordValues['codeBlock'] = {
      type: 'CodeBlock',
      key,
      language,
      code,
      ...(caption === undefined ? {} : { caption }),
    };
    records.push({
      kind: 'codeBlock',
      key,
      file,
      line,
      hash: contentHash('codeBlock', JSON.stringify(value)),
      references: [],
      value,
    });
  }
  for (const { key, node, line } of fields.fields('pullQuotes', 'pullQuotes')?.entries() ?? []) {
    const quote = fields.sub(node, `the pull quote ${key}`, line);
    quote.onlyKnown(['quote', 'attribution']);
    checkKey(quote, key, 'a pull quote');
    const text = quote.text('quote', true);
    const attribution = quote.text('attribution');
    if (text === undefined) continue;
    const value: RecordValues['pullQuote'] = {
      type: 'PullQuote',
      key,
      quote: text,
      ...(attribution === undefined ? {} : { attribution }),
    };
    records.push({
      kind: 'pullQuote',
      key,
      file,
      line,
      hash: contentHash('pullQuote', JSON.stringify(value)),
      references: [],
      value,
    });
  }
  return records;
}

export function checkKey(fields: YamlFields, key: string, what: string): void {
  if (!isValidSlug(key))
    fields.problem(
      undefined,
      `"${key}" cannot be the key of ${what}: lowercase letters, digits and single hyphens`,
    );
}
