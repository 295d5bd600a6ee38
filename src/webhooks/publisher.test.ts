import { describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { WebhookPublisher } from './publisher.ts';

/** A publisher whose reads of subscribers wait until the test answers them. */
function publisherWithPendingReads() {
  const reads: Array<(subscribers: unknown[]) => void> = [];
  const uow = {
    read: () => new Promise((answer) => reads.push(answer)),
    transact: async () => undefined,
  } as unknown as UnitOfWork;
  const publisher = new WebhookPublisher({
    uow,
    clock: { now: () => new Date() },
    serializeLink: (link) => link,
    clickBatchMs: 3_600_000,
    onError: (error) => {
      throw error;
    },
  });
  /** Publishes, answers the read it makes (if any) with no subscribers; returns the reads made. */
  const publishAnsweringNone = async (userId: number, event: 'link.created' | 'link.deleted') => {
    const before = reads.length;
    const publishing = publisher.publish(userId, event, () => ({}));
    for (const answer of reads.slice(before)) answer([]);
    await publishing;
    return reads.length - before;
  };
  return { publisher, reads, publishAnsweringNone };
}

describe('the webhook publisher', () => {
  it("reads a user's webhooks for an event once while they have none", async () => {
    const { publisher, publishAnsweringNone } = publisherWithPendingReads();
    expect(await publishAnsweringNone(1, 'link.created')).toBe(1);
    expect(await publishAnsweringNone(1, 'link.created')).toBe(0);
    expect(await publishAnsweringNone(2, 'link.created')).toBe(1);
    expect(await publishAnsweringNone(1, 'link.deleted')).toBe(1);
    await publisher.close();
  });

  it('reads them again once a webhook is created for the user', async () => {
    const { publisher, publishAnsweringNone } = publisherWithPendingReads();
    await publishAnsweringNone(1, 'link.created');
    await publishAnsweringNone(2, 'link.created');
    publisher.webhookCreated(1);
    expect(await publishAnsweringNone(1, 'link.created')).toBe(1);
    expect(await publishAnsweringNone(2, 'link.created')).toBe(0);
    await publisher.close();
  });

  it('does not remember an answer read before a webhook was created', async () => {
    const { publisher, reads, publishAnsweringNone } = publisherWithPendingReads();
    const publishing = publisher.publish(1, 'link.created', () => ({}));
    publisher.webhookCreated(1); // committed while the read was on its way
    reads[0]!([]);
    await publishing;
    expect(await publishAnsweringNone(1, 'link.created')).toBe(1);
    await publisher.close();
  });
});
