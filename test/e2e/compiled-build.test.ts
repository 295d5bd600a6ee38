import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIsFresh, sourceHash } from '../../bin/compiled.js';
import { SERVICE_ENV } from '../../src/cli/serve.ts';
import { projectRoot, startService } from '../helpers/process.ts';

const run = promisify(execFile);

/**
 * A copy of the project's build inputs (src/, the tsconfigs, bin/, the build script) in a
 * directory of its own, so these tests can make build/ stale, race two builds and plant a marker
 * without touching the checkout the other suites run from.
 */
function projectCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'hoplink-build-'));
  for (const entry of ['src', 'bin', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'])
    cpSync(join(projectRoot, entry), join(root, entry), { recursive: true });
  symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'));
  return root;
}

const build = (root: string) => run(process.execPath, [join(root, 'scripts/build-server.ts')], { cwd: root });
const cliHelp = (root: string) => run(process.execPath, [join(root, 'bin/hoplink.js'), '--help'], { cwd: root });

describe('the compiled service (build/)', () => {
  const root = projectCopy();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is built whole by two builds racing from a stale state, and left fresh', async () => {
    expect(buildIsFresh(root)).toBe(false);
    await Promise.all([build(root), build(root)]);
    expect(buildIsFresh(root)).toBe(true);
    expect(readFileSync(join(root, 'build/.source-hash'), 'utf8')).toBe(sourceHash(root));
    expect(existsSync(join(root, 'build/main.js'))).toBe(true);
    expect(existsSync(join(root, 'build/clicks/writer-thread.js'))).toBe(true);
    expect(existsSync(join(root, 'build/clicks/writer-thread.test.js'))).toBe(false);
    // No lock, half-built or replaced directory left behind.
    expect(readdirSync(root).filter((entry) => entry.startsWith('build'))).toEqual(['build']);
  });

  it('is what the CLI runs while it matches the sources, and the sources run once they change', async () => {
    await build(root);
    const main = join(root, 'build/cli/main.js');
    const compiled = readFileSync(main, 'utf8');
    writeFileSync(main, "console.log('from build/');"); // a marker: the hash still matches the sources
    expect((await cliHelp(root)).stdout).toBe('from build/\n');

    const config = join(root, 'src/config.ts');
    writeFileSync(config, `${readFileSync(config, 'utf8')}\n// edited\n`);
    expect(buildIsFresh(root)).toBe(false);
    expect((await cliHelp(root)).stdout).toMatch(/Usage: hoplink/); // the sources, type-stripped

    writeFileSync(main, compiled);
    await build(root);
    expect(buildIsFresh(root)).toBe(true);
    expect((await cliHelp(root)).stdout).toMatch(/Usage: hoplink/);
  });

  it('ignores the tests beside the sources', () => {
    const before = sourceHash(root);
    writeFileSync(join(root, 'src/config.test.ts'), '// a test edit does not make build/ stale\n');
    expect(sourceHash(root)).toBe(before);
  });

  it('is what `npm start` runs', async () => {
    const service = await startService();
    try {
      // npm runs `sh -c "build && exec node ..."`: the shell becomes the service's node.
      const [pid] = readFileSync(`/proc/${service.child.pid}/task/${service.child.pid}/children`, 'utf8')
        .trim()
        .split(' ');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(command).toContain('build/main.js');
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(SERVICE_ENV)) expect(environment).toContain(`${name}=${value}`);
      expect(buildIsFresh(projectRoot)).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
