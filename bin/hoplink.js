#!/usr/bin/env node
// The CLI is TypeScript run by Node 24's type stripping. npx and npm scripts put the project's
// pinned Node 24 (the `node` package) first on PATH; an older system node cannot load it.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `hoplink needs Node 24 (this is ${process.version}). Run it as \`npx hoplink ...\` from the project folder.`,
  );
  process.exit(1);
}
await import('../src/cli/main.ts');
