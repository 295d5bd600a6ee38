// The service's TypeScript compiled to plain JavaScript in build/ (scripts/build-server.ts).
// Running compiled code keeps Node's type stripper (a WebAssembly compiler, about 18 MB a thread)
// out of the service's memory. build/ is used only while it matches src/ byte for byte: the build
// records a hash of the sources it compiled, and an edit, a checkout or a pull makes them differ,
// so a stale build is never run (the CLI falls back to the sources, `npm start` rebuilds).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_DIR = 'build';
export const HASH_FILE = '.source-hash';

/**
 * The sources the build compiles: every module under src/ except the tests beside them.
 * @param {string} root the project folder
 * @returns {string[]} paths relative to src/
 */
export function sourceFiles(root) {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
}

/**
 * SHA-256 over the sources' paths and contents (about 10 ms for 200 files).
 * @param {string} root the project folder
 * @returns {string} hex
 */
export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, 'src', file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether build/ holds the current sources compiled.
 * @param {string} root the project folder
 * @returns {boolean}
 */
export function buildIsFresh(root) {
  try {
    return readFileSync(join(root, BUILD_DIR, HASH_FILE), 'utf8') === sourceHash(root);
  } catch {
    return false;
  }
}
