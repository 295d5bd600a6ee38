import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The house of docs/architecture.md, checked: imports go down the layers and never in a circle.
const SRC = dirname(fileURLToPath(import.meta.url));

/** What each room may import from (besides itself). Anything not listed sits at the top. */
const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  schemas: ['core'],
  storage: ['core'],
  outbound: ['core'],
  observability: ['core'],
  mail: ['core'],
  'domain-verification': ['core'],
  services: ['core', 'schemas', 'storage', 'outbound', 'domain-verification'],
  webhooks: ['core', 'schemas', 'storage', 'services', 'outbound'],
  'link-health': ['core', 'storage', 'services', 'outbound'],
  imports: ['core', 'schemas', 'storage', 'services'],
  redis: ['core', 'services'],
  clicks: ['core', 'storage', 'services', 'redis'],
};
const TOP = ['api', 'edge', 'dashboard', 'cli', 'context.ts', 'main.ts', 'config.ts'];
const DRIVERS = ['fastify', '@fastify/', 'kysely', 'pg', 'ioredis', 'better-sqlite3'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const roomOf = (file: string) => relative(SRC, file).split('/')[0]!;

const WEB = resolve(SRC, '../web/src');
const files = sourceFiles(SRC);
const webFiles = sourceFiles(WEB);
const imports = new Map(
  [...files, ...webFiles].map((file) => {
    const text = readFileSync(file, 'utf8');
    // Static imports, and dynamic ones with a literal path (a module loaded only where it is needed).
    const specifiers = [...text.matchAll(/^(?:import|export)[^'"]*from '([^']+)'|\bimport\('([^']+)'\)/gm)].map(
      (m) => (m[1] ?? m[2])!,
    );
    return [
      file,
      { text, specifiers, local: specifiers.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s)) },
    ];
  }),
);

describe('the house', () => {
  it('keeps every room to the rooms below it', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const { local } = imports.get(file)!;
      const room = roomOf(file);
      if (TOP.includes(room)) continue;
      const allowed = MAY_IMPORT[room];
      expect(
        allowed,
        `${room} has no place in the house (add it to MAY_IMPORT and docs/architecture.md)`,
      ).toBeDefined();
      for (const target of local) {
        const targetRoom = roomOf(target);
        if (targetRoom !== room && !allowed!.includes(targetRoom))
          wrong.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the core pure: no framework, driver or environment', () => {
    const impure = files
      .filter((file) => roomOf(file) === 'core')
      .filter((file) => {
        const { text, specifiers } = imports.get(file)!;
        return specifiers.some((s) => DRIVERS.some((d) => s === d || s.startsWith(d))) || text.includes('process.env');
      });
    expect(impure.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('keeps the web app to its own rooms, types from the shared schemas and the core vocabularies', () => {
    const reaching = webFiles.flatMap((file) => {
      const { text } = imports.get(file)!;
      return [...text.matchAll(/^import (type )?[^'"]*from '(\.\.\/[^']+)'/gm)]
        .map((m) => ({ typeOnly: Boolean(m[1]), target: resolve(dirname(file), m[2]!) }))
        .filter(({ target }) => target.startsWith(SRC))
        .filter(({ typeOnly, target }) => !typeOnly && !relative(SRC, target).startsWith('core/'))
        .map(({ target }) => `${relative(WEB, file)} -> ${relative(SRC, target)}`);
    });
    expect(reaching).toEqual([]);
  });

  it('has no import circle between the folders of src', () => {
    // Each folder's imports of the other folders, from all of its files. The top's context.ts,
    // main.ts and config.ts are files of src itself, not folders: they wire the folders together.
    const isFolder = (room: string) => !/\.tsx?$/.test(room);
    const folders = new Map<string, Set<string>>();
    for (const file of files.filter((f) => isFolder(roomOf(f)))) {
      const room = roomOf(file);
      const targets = folders.get(room) ?? new Set<string>();
      folders.set(room, targets);
      for (const target of imports.get(file)!.local.map(roomOf))
        if (target !== room && isFolder(target)) targets.add(target);
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (folder: string, path: string[]) => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'open') {
        circles.push([...path.slice(path.indexOf(folder)), folder].join(' -> '));
        return;
      }
      state.set(folder, 'open');
      for (const target of folders.get(folder) ?? []) visit(target, [...path, folder]);
      state.set(folder, 'done');
    };
    for (const folder of folders.keys()) visit(folder, []);
    expect(circles).toEqual([]);
  });

  it('has no import circle, in the server or the web app', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of imports.get(file)?.local ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of [...files, ...webFiles]) visit(file, []);
    expect(circles).toEqual([]);
  });
});
