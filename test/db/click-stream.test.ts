import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packVisits } from '../../src/clicks/packed-visits.ts';
import type { VisitFacts } from '../../src/core/clicks.ts';
import { encodePackedVisits, PACKED_FIELD, visitsOf } from '../../src/redis/stream-entries.ts';
import { MAX_VISITS_PER_ENTRY, RedisStreamClickSink } from '../../src/redis/stream-sink.ts';
import { visitFacts } from '../helpers/clicks.ts';

// Needs a real Redis: CI sets TEST_REDIS_URL (and fails if it cannot connect); without it, skipped.
const redisUrl = process.env.TEST_REDIS_URL;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('stream entries', () => {
  it('hold one visit (field v, before batching) or a JSON array of them (field b), as earlier versions wrote', () => {
    const one = visitFacts(1);
    const two = [visitFacts(2), visitFacts(3)];
    expect(visitsOf(['v', JSON.stringify(one)])).toEqual([one]);
    expect(visitsOf(['b', JSON.stringify(two)])).toEqual(two);
  });

  it('hold visits packed in columns (field c), every value as recorded and each distinct header once', () => {
    const visits: VisitFacts[] = [
      visitFacts(1),
      visitFacts(1, { at: Date.parse('2026-05-10T12:00:01Z') }),
      visitFacts(2, {
        ip: '2001:db8::1',
        userAgent: undefined,
        referer: undefined,
        optionIndex: 2,
        variantIndex: 1,
        storefront: 'amazon.de',
        country: 'DE',
        acceptLanguage: 'de-DE,de;q=0.9',
        query: 'utm_source=news&utm_medium="quoted", \\ and unicode: é',
      }),
      visitFacts(3, { optionIndex: null, variantIndex: 0, storefront: null }),
    ];
    const value = encodePackedVisits(packVisits(visits));
    const decoded = visitsOf([PACKED_FIELD, value]);
    expect(decoded).toHaveLength(4);
    decoded.forEach((visit, i) => {
      const { optionIndex, variantIndex, storefront, ...rest } = visits[i]!;
      expect(visit).toMatchObject(rest);
      // Absent and null come back as null, which the writer treats alike.
      expect(visit.optionIndex ?? null).toBe(optionIndex ?? null);
      expect(visit.variantIndex ?? null).toBe(variantIndex ?? null);
      expect(visit.storefront ?? null).toBe(storefront ?? null);
    });
    expect(decoded[2]!.userAgent).toBeUndefined();
    // The repeated user agent and address are written once.
    expect(value.split(visits[0]!.userAgent!)).toHaveLength(2);
    expect(value.length).toBeLessThan(JSON.stringify(visits).length / 2);
  });

  it('make a consumer of an earlier version fail on a packed entry rather than misread it', () => {
    // Earlier versions parsed every field as JSON, and took anything but field b for one visit:
    // a packed value they could parse would have become one visit of no link, then been skipped.
    const value = encodePackedVisits(packVisits([visitFacts(1)]));
    expect(() => JSON.parse(value)).toThrow(SyntaxError);
  });
});

describe.skipIf(!redisUrl)('the Redis stream click sink', () => {
  let redis: Redis;
  let stream: string;
  const log: string[] = [];

  beforeAll(() => {
    redis = new Redis(redisUrl!);
    // Which went first: the XADD written to the connection, or a visitor's answer.
    const xadd = redis.xadd.bind(redis);
    redis.xadd = ((...args: Parameters<typeof xadd>) => {
      log.push('xadd');
      return xadd(...args);
    }) as typeof redis.xadd;
  });
  afterAll(async () => {
    await redis.del(stream);
    redis.disconnect();
  });

  const entries = async () => (await redis.xrange(stream, '-', '+')).map(([, fields]) => visitsOf(fields));

  it('appends a turn’s visits in one entry, and answers only after that XADD is on the connection', async () => {
    stream = `test-${randomBytes(4).toString('hex')}:clicks`;
    const sink = new RedisStreamClickSink(redis, stream);
    log.length = 0;
    for (const linkId of [1, 2, 3]) {
      sink.record(visitFacts(linkId));
      sink.afterHandOff(() => log.push(`answer ${linkId}`));
    }
    expect(log, 'nobody is answered before the visits are handed on').toEqual([]);
    expect(sink.stats().buffered, 'visits, not commands').toBe(3);
    await nextTurn();
    expect(log).toEqual(['xadd', 'answer 1', 'answer 2', 'answer 3']);
    expect(sink.stats().buffered, 'sent, not yet acknowledged').toBe(3);
    await sink.flush();
    expect((await entries()).map((visits) => visits.map((v) => v.linkId))).toEqual([[1, 2, 3]]);
    expect(sink.stats()).toMatchObject({ buffered: 0, written: 3, dropped: 0 });
  });

  it('splits a large turn into entries of at most MAX_VISITS_PER_ENTRY, each answered after its own XADD', async () => {
    stream = `test-${randomBytes(4).toString('hex')}:clicks`;
    const sink = new RedisStreamClickSink(redis, stream);
    const total = MAX_VISITS_PER_ENTRY * 2 + 10;
    let answered = 0;
    for (let i = 0; i < total; i++) {
      sink.record(visitFacts(i));
      sink.afterHandOff(() => answered++);
    }
    // The first two full entries went at once; their visitors are answered without waiting for the turn.
    expect(answered).toBe(MAX_VISITS_PER_ENTRY * 2);
    await sink.flush();
    expect(answered).toBe(total);
    const sizes = (await entries()).map((visits) => visits.length);
    expect(sizes).toEqual([MAX_VISITS_PER_ENTRY, MAX_VISITS_PER_ENTRY, 10]);
  });

  it('answers at once when nothing is waiting to be handed on', async () => {
    stream = `test-${randomBytes(4).toString('hex')}:clicks`;
    const sink = new RedisStreamClickSink(redis, stream);
    let answered = false;
    sink.afterHandOff(() => (answered = true));
    expect(answered).toBe(true);
  });

  describe('when Redis acknowledges slower than visits arrive', () => {
    let client: Redis;
    beforeAll(async () => {
      // A connection of its own, whose replies the test stops reading: XADDs go out, and nothing
      // comes back to free room.
      client = new Redis(redisUrl!);
      await client.ping();
    });
    afterAll(() => {
      client.disconnect();
    });

    /** A visit as the edge makes it: recorded, then answered once handed on (never if refused). */
    function visitThrough(sink: RedisStreamClickSink, linkId: number, answered: number[]) {
      const answer = () => answered.push(linkId);
      const recorded = sink.record(visitFacts(linkId));
      if (recorded === true) sink.afterHandOff(answer);
      else void recorded.then((ok) => ok && sink.afterHandOff(answer));
      return recorded;
    }

    it('holds the visits past maxVisits until acknowledgements free room, and answers each once handed on', async () => {
      stream = `test-${randomBytes(4).toString('hex')}:clicks`;
      const sink = new RedisStreamClickSink(client, stream, { maxVisits: 4 });
      const answered: number[] = [];
      client.stream.pause();
      for (const linkId of [1, 2, 3, 4]) expect(visitThrough(sink, linkId, answered)).toBe(true);
      for (const linkId of [5, 6, 7]) expect(visitThrough(sink, linkId, answered)).toBeInstanceOf(Promise);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toEqual([1, 2, 3, 4]);
      expect(sink.stats()).toMatchObject({ buffered: 4, waiting: 3, refused: 0 });
      client.stream.resume();
      await sink.flush();
      expect(answered).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect((await entries()).map((visits) => visits.map((v) => v.linkId))).toEqual([
        [1, 2, 3, 4],
        [5, 6, 7],
      ]);
      expect(sink.stats()).toMatchObject({ buffered: 0, written: 7, waited: 3, refused: 0, dropped: 0 });
    });

    it('refuses a visit still waiting after maxWaitMs: never answered, never appended', async () => {
      stream = `test-${randomBytes(4).toString('hex')}:clicks`;
      const sink = new RedisStreamClickSink(client, stream, { maxVisits: 2, maxWaitMs: 100 });
      const answered: number[] = [];
      client.stream.pause();
      visitThrough(sink, 1, answered);
      visitThrough(sink, 2, answered);
      expect(await visitThrough(sink, 3, answered)).toBe(false);
      client.stream.resume();
      await sink.close();
      expect(answered).toEqual([1, 2]);
      expect((await entries()).map((visits) => visits.map((v) => v.linkId))).toEqual([[1, 2]]);
      expect(sink.stats()).toMatchObject({ written: 2, refused: 1, waited: 0 });
    });
  });
});
