#!/usr/bin/env node
// The CLI is TypeScript: compiled in build/ when that matches the sources (npm run build, npm
// start), run by Node 24's type stripping otherwise. npx and npm scripts put the project's pinned
// Node 24 (the `node` package) first on PATH; an older system node cannot load it.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `hoplink needs Node 24 (this is ${process.version}). Run it as \`npx hoplink ...\` from the project folder.`,
  );
  process.exit(1);
}
const { fileURLToPath } = await import('node:url');
const { buildIsFresh } = await import('./compiled.js');
const root = fileURLToPath(new URL('..', import.meta.url));
await import(buildIsFresh(root) ? '../build/cli/main.js' : '../src/cli/main.ts');
