import { describe, expect, it } from 'vitest';
import { formReturnCleared, formReturnCookie, returningFromForm, unlockCookie, unlockedBy } from './link-unlock.ts';

const link = { id: 7, shortCode: 'abc', passwordHash: 'scrypt$hash' };
const pair = (setCookie: string) => setCookie.split(';')[0]!;

describe('link unlock cookies', () => {
  it('an unlock opens its own link under its own password for an hour, and nothing else', () => {
    const cookie = pair(unlockCookie(link, 1_000));
    expect(unlockedBy(cookie, link, 1_000 + 3_599)).toBe(true);
    expect(unlockedBy(cookie, link, 1_000 + 3_600)).toBe(false);
    expect(unlockedBy(cookie, { ...link, passwordHash: 'scrypt$other' }, 1_001)).toBe(false);
    expect(unlockedBy(cookie.replace('hl_p_abc', 'hl_p_abd'), { ...link, id: 8, shortCode: 'abd' }, 1_001)).toBe(false);
  });

  it("the 303's mark names its link, is set for a minute and cleared by the visit it leads to", () => {
    expect(formReturnCookie('abc', { secure: true })).toBe(
      'hl_f_abc=1; Max-Age=60; Path=/abc; HttpOnly; SameSite=Lax; Secure',
    );
    expect(formReturnCleared('abc')).toBe('hl_f_abc=; Max-Age=0; Path=/abc; HttpOnly; SameSite=Lax');
    expect(returningFromForm(`x=1; ${pair(formReturnCookie('abc'))}`, 'abc')).toBe(true);
    expect(returningFromForm(pair(formReturnCookie('abcd')), 'abc')).toBe(false);
    expect(returningFromForm(pair(formReturnCleared('abc')), 'abc')).toBe(false);
    expect(returningFromForm(undefined, 'abc')).toBe(false);
  });
});
