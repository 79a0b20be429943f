'use strict';
/**
 * Builds Strapi's admin panel into cms/strapi/build/ (what `strapi build`
 * does), for editors: `npm run cms:strapi` runs it once when the build is
 * missing, unless FOLIO_STRAPI_ADMIN=0.
 *
 * Why not `strapi build`: its CLI looks for a tsconfig.json in the project
 * and then in every folder above it (TypeScript's findConfigFile), finds
 * Folio's own at the repo root, takes this JavaScript project for a
 * TypeScript one and stops on "No inputs were found". The build function
 * behind the command is called here without a tsconfig, as the CLI calls it
 * for a JavaScript project. It is Strapi's internal module: the path is
 * pinned with @strapi/strapi 5.54.0 (package.json).
 */
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const strapiDist = path.join(PROJECT, 'node_modules', '@strapi', 'strapi', 'dist', 'src');
const { build } = require(path.join(strapiDist, 'node', 'build.js'));
const { createLogger } = require(path.join(strapiDist, 'cli', 'utils', 'logger.js'));

build({
  cwd: PROJECT,
  logger: createLogger({ debug: false, silent: false, timestamp: false }),
  tsconfig: undefined,
  minify: true,
  sourcemaps: false,
  stats: false,
}).catch((error) => {
  console.error(
    `[cms:strapi] the admin panel build failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
