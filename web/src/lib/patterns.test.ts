import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOM_CODE_PATTERN } from '../../../src/core/short-codes.ts';
import { ALIAS_PATTERN } from './link-controls.ts';

const WEB_SRC = join(import.meta.dirname, '..');

// The constants a `pattern={NAME}` in the dashboard may name; a new one must be added here to be checked.
const NAMED_PATTERNS: Record<string, string> = { ALIAS_PATTERN };

/** Every `pattern=` attribute in the dashboard's source, as [file, the attribute's value]. */
function patternAttributes(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.tsx')) continue;
    const source = readFileSync(join(WEB_SRC, entry), 'utf8');
    for (const match of source.matchAll(/\bpattern=(?:"([^"]*)"|'([^']*)'|\{([A-Za-z_$][\w$]*)\})/g)) {
      const [, double, single, name] = match;
      if (name !== undefined) {
        const value = NAMED_PATTERNS[name];
        if (value === undefined) throw new Error(`${entry}: pattern={${name}} is not in NAMED_PATTERNS`);
        found.push([entry, value]);
      } else {
        found.push([entry, double ?? single ?? '']);
      }
    }
    // A pattern written any other way (a template, an expression) could not be checked here.
    const all = source.match(/\bpattern=/g)?.length ?? 0;
    const checked = found.filter(([file]) => file === entry).length;
    if (all !== checked) throw new Error(`${entry}: a pattern= this test cannot read`);
  }
  return found;
}

/** The pattern as HTML compiles it: anchored, whole, with the `v` flag (HTML's "compiling a pattern"). */
const asBrowserCompiles = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

describe('the pattern attributes of the dashboard', () => {
  it('finds the custom alias pattern (so the scan reads the source at all)', () => {
    expect(patternAttributes().map(([file]) => file)).toContain(join('components', 'link-create-form.tsx'));
  });

  it('compile with the v flag, as Chrome compiles them; one that does not is never checked', () => {
    for (const [file, pattern] of patternAttributes()) {
      expect(() => asBrowserCompiles(pattern), `${file}: ${pattern}`).not.toThrow();
    }
  });

  it('would have caught the old alias pattern, whose bare "-" in a class is a syntax error under v', () => {
    expect(() => asBrowserCompiles('[A-Za-z0-9_-]{3,64}')).toThrow(SyntaxError);
  });

  it('lets through exactly the aliases the server accepts', () => {
    const alias = asBrowserCompiles(ALIAS_PATTERN);
    const samples = [
      'summer-sale',
      'A_b-9',
      'abc',
      'x'.repeat(64),
      'ab',
      'x'.repeat(65),
      'has space',
      'ümlaut',
      'a/b',
      'a.b',
    ];
    for (const sample of samples) expect(alias.test(sample), sample).toBe(CUSTOM_CODE_PATTERN.test(sample));
  });
});
