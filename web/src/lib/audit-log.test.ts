import { describe, expect, it } from 'vitest';
import { actorText, auditApiQuery, auditFiltersQuery, NO_FILTERS, parseAuditFilters } from './audit-log.ts';

describe("the audit log's filters in the address", () => {
  it('reads back what it wrote, and writes only the filters set', () => {
    const filters = { ...NO_FILTERS, action: 'link.updated', actor: '12', from: '2026-05-01' };
    const query = auditFiltersQuery(filters);
    expect(query.toString()).toBe('action=link.updated&actor=12&from=2026-05-01');
    expect(parseAuditFilters(query)).toEqual(filters);
  });

  it('leaves out what the API would refuse', () => {
    const query = new URLSearchParams({ actor: 'ann', from: '1 May', action: 'x'.repeat(41), resource_type: 'link' });
    expect(parseAuditFilters(query)).toEqual({ ...NO_FILTERS, resourceType: 'link' });
  });

  it("asks the API for whole days where the person is: from the first day's start to the last day's end", () => {
    const query = auditApiQuery({ ...NO_FILTERS, from: '2026-05-01', to: '2026-05-01', actor: '7' });
    expect(new Date(query.from!).getTime()).toBe(new Date(2026, 4, 1).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2026, 4, 2).getTime());
    expect(query.actor).toBe(7);
    expect(query.action).toBeUndefined();
  });
});

describe("an entry's actor in words", () => {
  it('a person by their email, with the token they used; a token alone; the operator', () => {
    expect(actorText({ user_id: 3, email: 'ann@example.com', token_id: null })).toBe('ann@example.com');
    expect(actorText({ user_id: 3, email: 'ann@example.com', token_id: 9 })).toBe('ann@example.com (token #9)');
    expect(actorText({ user_id: null, email: null, token_id: 9 })).toBe('token #9');
    expect(actorText({ user_id: null, email: null, token_id: null })).toBe('operator');
  });
});
