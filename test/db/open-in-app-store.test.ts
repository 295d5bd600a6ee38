import { describe, expect, it } from 'vitest';
import { insertAffiliateTag, listAffiliateTags, updateAffiliateTag } from '../../src/storage/affiliate-tags.kysely.ts';
import { findLink, updateLink } from '../../src/storage/links.kysely.ts';
import { loadOwner, loadRedirectable } from '../../src/storage/redirect.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, insertPlainLink, useMigratedDatabase } from '../helpers/database.ts';

// Migration 026's columns through the stores, on both engines.
describe.each(engines)('open in app and tracking ids on %s', (engine) => {
  const handle = useMigratedDatabase(engine);

  it("keeps a link's open_in_app and tracking_id (off and none by default) for the short host too", async () => {
    const account = await insertAccount(handle.db, { email: `oia-${engine}@example.com`, plan: 'business' });
    const link = await insertPlainLink(handle.db, account.workspaceId, `oia${engine}`);
    expect(await findLink(handle.db, link.id)).toMatchObject({ openInApp: false, trackingId: null });
    const updated = await updateLink(handle.db, link.id, { openInApp: true, trackingId: 'mine-yt-20' });
    expect(updated).toMatchObject({ openInApp: true, trackingId: 'mine-yt-20' });
    expect(await loadRedirectable(handle.db, null, `oia${engine}`)).toMatchObject({
      openInApp: true,
      trackingId: 'mine-yt-20',
    });
    expect(await updateLink(handle.db, link.id, { trackingId: null })).toMatchObject({ trackingId: null });
  });

  it("keeps a tag record's tracking ids, changes them apart from the tag, and gives the owner them", async () => {
    const account = await insertAccount(handle.db, { email: `tids-${engine}@example.com`, plan: 'business' });
    const workspaceId = account.workspaceId;
    const us = await insertAffiliateTag(handle.db, { workspaceId, programId: 1, tag: 'us-20', trackingIds: ['a-20'] });
    await insertAffiliateTag(handle.db, { workspaceId, programId: 2, tag: 'uk-21', trackingIds: [] });
    expect(us.trackingIds).toEqual(['a-20']);
    expect(await updateAffiliateTag(handle.db, us.id, { trackingIds: ['b-20', 'c-20'] })).toMatchObject({
      tag: 'us-20',
      trackingIds: ['b-20', 'c-20'],
    });
    expect(await updateAffiliateTag(handle.db, us.id, { tag: 'us-21' })).toMatchObject({
      tag: 'us-21',
      trackingIds: ['b-20', 'c-20'],
    });
    expect((await listAffiliateTags(handle.db, workspaceId)).map((tag) => tag.trackingIds)).toEqual([
      ['b-20', 'c-20'],
      [],
    ]);
    const owner = await loadOwner(handle.db, workspaceId);
    expect(owner?.tags).toEqual(
      new Map([
        [1, 'us-21'],
        [2, 'uk-21'],
      ]),
    );
    expect(owner?.trackingIds).toEqual(new Map([[1, ['b-20', 'c-20']]]));
  });
});
