import { readFileSync } from 'node:fs';
import path from 'node:path';
import { THEME_SCRIPT } from '../../../shared/inlineScripts/themeScript';

test('the development page runs the same theme script as server-rendered pages', () => {
  const template = readFileSync(path.resolve(__dirname, '../../../src/index.html'), 'utf8');
  expect(template).toContain(`<script>${THEME_SCRIPT}</script>`);
});
