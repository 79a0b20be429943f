#!/bin/sh
# What the image's packages are trimmed of after `npm prune --omit=dev` (the root
# Dockerfile runs it in its build stage; bench/image.ts measures each step), in the
# folder given (default: here), which holds package-lock.json and node_modules/:
# - packages npm keeps only as optional peers of production ones and that are
#   otherwise dev dependencies ("devOptional" in the lock file: Lingui's Babel
#   macro, and through it Babel, TypeScript and browserslist, about 50 MB):
#   Lingui compiles its messages at build time;
# - GraphiQL (@graphql-yoga/render-graphiql, 18 MB), which only NODE_ENV=development
#   serves, and the fonts (@fontsource-variable, 4 MB), which the client build has
#   copied into dist/assets;
# - source maps, type declarations, READMEs and changelogs inside node_modules
#   (licences stay), and node_modules/.bin (the server runs no package's command).
set -eu
cd "${1:-.}"
node -e '
  const lock = require("./package-lock.json");
  const fs = require("node:fs");
  for (const [where, entry] of Object.entries(lock.packages))
    if (where && entry.devOptional) fs.rmSync(where, { recursive: true, force: true });
'
rm -rf node_modules/@graphql-yoga/render-graphiql node_modules/@fontsource-variable \
  node_modules/.bin node_modules/.package-lock.json
find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
  -o -iname 'readme.md' -o -iname 'readme.markdown' -o -iname 'readme' -o -iname 'changelog.md' \
  -o -iname 'changelog' -o -iname 'history.md' \) -delete
find node_modules -depth -type d -empty -delete
