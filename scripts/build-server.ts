// npm run build:server (and npm start, npm run build): compiles src/ to build/ unless build/
// already holds the current sources (bin/compiled.js). Test processes start the service side by
// side, so builds take a lock, compile into a directory of their own and swap it in whole: a
// process never finds build/ half written.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { BUILD_DIR, buildIsFresh, HASH_FILE, sourceHash } from '../bin/compiled.js';

const root = resolve(import.meta.dirname, '..');
const lock = join(root, `${BUILD_DIR}.lock`);
const LOCK_STALE_MS = 120_000; // a build takes about a second; an older lock outlived its builder

async function withLock(work: () => void): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function compile(): void {
  const hash = sourceHash(root);
  const next = join(root, `${BUILD_DIR}.next-${process.pid}`);
  const old = join(root, `${BUILD_DIR}.old-${process.pid}`);
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', next], {
    stdio: 'inherit',
  });
  if (compiled.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(`compiling src/ to ${BUILD_DIR}/ failed (tsc exited with ${compiled.status ?? compiled.signal})`);
  }
  writeFileSync(join(next, HASH_FILE), hash);
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(join(root, BUILD_DIR), old);
  } catch {
    // no earlier build
  }
  renameSync(next, join(root, BUILD_DIR));
  rmSync(old, { recursive: true, force: true });
}

if (!buildIsFresh(root))
  await withLock(() => {
    if (!buildIsFresh(root)) compile(); // another process may have built it while this one waited
  });
