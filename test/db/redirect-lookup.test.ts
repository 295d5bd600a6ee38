import { beforeAll, describe, expect, it } from 'vitest';
import { insertDomain } from '../../src/storage/domains.kysely.ts';
import { loadRedirectable, redirectLookup } from '../../src/storage/redirect.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, explainPlan, insertPlainLink, useMigratedDatabase } from '../helpers/database.ts';

describe.each(engines)('the short host’s lookup of a code on %s', (engine) => {
  const database = useMigratedDatabase(engine);
  let domainId = 0;
  beforeAll(async () => {
    const user = await insertAccount(database.db, { email: 'lookup@example.com', plan: 'business' });
    const domain = await insertDomain(database.db, {
      workspaceId: user.workspaceId,
      hostname: 'go.example.com',
      verificationToken: 'token',
      requiresTxt: false,
    });
    domainId = domain.id;
    await insertPlainLink(database.db, user.workspaceId, 'same', { redirectUrl: 'https://example.com/default-host' });
    await insertPlainLink(database.db, user.workspaceId, 'same', {
      redirectUrl: 'https://example.com/custom',
      domainId,
    });
  });

  it('finds a code on the default host and on a custom domain apart', async () => {
    expect((await loadRedirectable(database.db, null, 'same'))?.redirectUrl).toBe('https://example.com/default-host');
    expect((await loadRedirectable(database.db, domainId, 'same'))?.redirectUrl).toBe('https://example.com/custom');
    expect(await loadRedirectable(database.db, null, 'other')).toBeUndefined();
    expect(await loadRedirectable(database.db, domainId + 1, 'same')).toBeUndefined();
  });

  it('seeks the codes’ unique index instead of reading every link', async () => {
    for (const domain of [null, domainId]) {
      const plan = await explainPlan(database.db, engine, redirectLookup(database.db, domain, 'abc').compile());
      expect(plan).toMatch(
        engine === 'sqlite'
          ? /SEARCH links USING INDEX links_domain_code \(<expr>=\? AND short_code=\?\)/
          : /Index Scan using links_domain_code[\s\S]*Index Cond: \(\(COALESCE\(domain_id, 0\) = .*short_code/,
      );
      expect(plan).not.toMatch(/SCAN links|Seq Scan on links/);
    }
  });
});
