import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { abilityForMethod, assertAbility, assertApiAccess, assertBusiness, parseAbilities } from './plans.ts';

describe('plans and abilities', () => {
  it('maps verbs to abilities as decisions §2 says', () => {
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
