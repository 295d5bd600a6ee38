import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { abilityForMethod, assertAbility, assertApiAccess, assertBusiness, parseAbilities } from './plans.ts';
import { servesCustomDomains } from './plans.ts';

describe('plans and abilities', () => {
  it('maps verbs to abilities as docs/api.md says', () => {
    expect(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].map(abilityForMethod)).toEqual([
      'read',
      'create',
      'update',
      'update',
      'delete',
    ]);
  });

  it('gives API access to pro and business only', () => {
    expect(() => assertApiAccess('free')).toThrow(AppError);
    expect(() => assertApiAccess('pro')).not.toThrow();
    expect(() => assertApiAccess('business')).not.toThrow();
  });

  it('keeps Business features from pro', () => {
    expect(() => assertBusiness('pro', 'Bulk creation')).toThrow('Bulk creation requires the Business plan.');
    expect(() => assertBusiness('business')).not.toThrow();
  });

  it('refuses a missing ability with its name', () => {
    expect(() => assertAbility(new Set(['read']), 'delete')).toThrow(/delete/);
  });

  it('parses ability lists and refuses unknown ones', () => {
    expect(parseAbilities('read, create,read')).toEqual(['read', 'create']);
    expect(() => parseAbilities('read,admin')).toThrow(/admin/);
  });
});

describe('custom domains after a downgrade', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
  it.each([
    ['on Business', 'business', null, true],
    ['never on Business', 'pro', null, false],
    ['downgraded 29 days ago', 'pro', daysAgo(29), true],
    ['downgraded 31 days ago', 'free', daysAgo(31), false],
  ] as const)('%s: served %s', (_name, plan, downgradedAt, served) => {
    expect(servesCustomDomains(plan, downgradedAt, now)).toBe(served);
  });
});
