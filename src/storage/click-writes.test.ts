import { describe, expect, it } from 'vitest';
import { clickEvent } from '../../test/helpers/clicks.ts';
import { DIRECT, RAW_BOTS_PER_DAY, UNKNOWN_LANGUAGE, type ClickEvent } from '../core/clicks.ts';
import { clickRuns, linkDay, rawClickEvents, tallyClicks } from './click-writes.ts';

/** The rollups counted one click at a time, the plain way, to hold tallyClicks to. */
function countedOneByOne(events: readonly ClickEvent[]) {
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const links = new Map<string, number>();
  const daily = new Map<string, number>();
  const dimension = new Map<string, number>();
  const visitors = new Set<string>();
  const bots = new Map<string, number>();
  for (const e of events) {
    const day = e.at.slice(0, 10);
    if (e.bot) bump(bots, `${e.linkId} ${day}`);
    if (e.bot || e.optionIndex !== null) continue;
    bump(links, `${e.linkId}`);
    bump(daily, `${e.linkId} ${day}`);
    visitors.add(`${e.linkId} ${day} ${e.visitor}`);
    const values: Array<[string, string | null]> = [
      ['country', e.country],
      ['device', e.device],
      ['browser', e.browser],
      ['os', e.os],
      ['referrer', e.referrerHost ?? DIRECT],
      ['language', e.language ?? UNKNOWN_LANGUAGE],
      ['utm_source', e.utmSource],
      ['utm_medium', e.utmMedium],
      ['utm_campaign', e.utmCampaign],
      ['variant', e.variantIndex === null ? null : String(e.variantIndex)],
      ['storefront', e.storefront],
    ];
    for (const [name, value] of values) if (value !== null) bump(dimension, `${e.linkId} ${day} ${name} ${value}`);
  }
  return { links, daily, dimension, visitors, bots };
}

function tallied(events: readonly ClickEvent[]) {
  const t = tallyClicks(events);
  return {
    links: new Map([...t.links].map(([linkId, clicks]) => [`${linkId}`, clicks])),
    daily: new Map(t.daily.map((d) => [`${d.linkId} ${d.day}`, d.clicks])),
    dimension: new Map(t.dailyDimension.map((d) => [`${d.linkId} ${d.day} ${d.dimension} ${d.value}`, d.clicks])),
    visitors: new Set(t.visitors.map((v) => `${v.linkId} ${v.day} ${v.visitor}`)),
    bots: new Map(t.bots.map((b) => [`${b.linkId} ${b.day}`, b.bots])),
  };
}

const sorted = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => a.localeCompare(b));

describe('tallyClicks', () => {
  it('counts runs of alike clicks as they come, split where the day or any dimension changes', () => {
    const events = [
      clickEvent(1, { at: '2026-05-10T23:59:59.999Z' }),
      clickEvent(1, { at: '2026-05-10T23:59:59.999Z', visitor: 'two' }),
      clickEvent(1, { at: '2026-05-11T00:00:00.000Z' }), // the same run, the next day
      clickEvent(1, { at: '2026-05-11T00:00:00.000Z', utmSource: 'news' }),
      clickEvent(1, { at: '2026-05-11T00:00:00.001Z', utmSource: 'news' }),
      clickEvent(2, { at: '2026-05-11T00:00:00.001Z', utmSource: 'news' }),
      clickEvent(2, { at: '2026-05-11T00:00:00.001Z', utmSource: 'news', bot: true }),
      clickEvent(2, { at: '2026-05-11T00:00:00.001Z', utmSource: 'news', optionIndex: 1 }),
      clickEvent(2, { at: '2026-05-11T00:00:00.002Z', utmSource: 'news', variantIndex: 0 }),
      clickEvent(1, { at: '2026-05-11T00:00:00.002Z' }),
    ];
    const t = tallyClicks(events);
    expect(t.daily).toEqual([
      { linkId: 1, day: '2026-05-10', clicks: 2 },
      { linkId: 1, day: '2026-05-11', clicks: 4 },
      { linkId: 2, day: '2026-05-11', clicks: 2 },
    ]);
    expect(t.visitors).toHaveLength(4); // one-visitor and two on the 10th; one-visitor on the 11th, for each link
    expect(t.picks).toEqual([{ linkId: 2, position: 1, picks: 1 }]);
    expect(t.bots).toEqual([{ linkId: 2, day: '2026-05-11', bots: 1 }]);
    expect(t.dimension.find((d) => d.linkId === 1 && d.dimension === 'utm_source')).toMatchObject({ clicks: 2 });
  });

  it('gives the rollups that counting each click alone gives, for batches of mixed runs', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n) as number;
    for (let round = 0; round < 20; round++) {
      const events: ClickEvent[] = [];
      for (let i = 0; i < 300; i++) {
        const previous = events.at(-1);
        // Half the clicks repeat the one before (a run), with a new visitor or time now and then.
        if (previous && random(2) === 0) {
          events.push({ ...previous, visitor: random(3) === 0 ? `v${random(5)}` : previous.visitor });
          continue;
        }
        events.push(
          clickEvent(1 + random(3), {
            at: `2026-05-1${random(2)}T2${random(4)}:00:00.00${random(3)}Z`,
            country: ['US', 'DE', 'FR'][random(3)]!,
            referrerHost: random(2) ? null : 'news.example',
            language: random(2) ? null : 'de',
            utmCampaign: random(3) ? null : 'spring',
            variantIndex: random(3) ? null : random(2),
            bot: random(10) === 0,
            optionIndex: random(10) === 0 ? 0 : null,
            visitor: `v${random(5)}`,
          }),
        );
      }
      const expected = countedOneByOne(events);
      const actual = tallied(events);
      expect(sorted(actual.links)).toEqual(sorted(expected.links));
      expect(sorted(actual.daily)).toEqual(sorted(expected.daily));
      expect(sorted(actual.dimension)).toEqual(sorted(expected.dimension));
      expect([...actual.visitors].sort()).toEqual([...expected.visitors].sort());
      expect(sorted(actual.bots)).toEqual(sorted(expected.bots));
    }
  });
});

describe('rawClickEvents', () => {
  const day = (d: number) => `2026-05-1${d}T12:00:00.000Z`;
  /** The raw rows a batch gets, given each (link, day)'s bot count before it. */
  const rawOf = (events: ClickEvent[], before: Array<[number, number, number]>) => {
    const { bots } = tallyClicks(events);
    const totals = new Map(bots.map((b) => [linkDay(b.linkId, b.day), b.bots]));
    for (const [linkId, d, count] of before) {
      const key = linkDay(linkId, day(d).slice(0, 10));
      totals.set(key, totals.get(key)! + count);
    }
    return rawClickEvents(events, bots, totals);
  };

  it('keeps every human visit and the first 100 bot visits of each link and day, in their order', () => {
    expect(RAW_BOTS_PER_DAY).toBe(100);
    const bots = (linkId: number, d: number, count: number) =>
      Array.from({ length: count }, () => clickEvent(linkId, { at: day(d), bot: true }));
    const human = clickEvent(1, { at: day(0) });
    const [early, late, otherLink, nextDay] = [bots(1, 0, 30), bots(1, 0, 20), bots(2, 0, 10), bots(1, 1, 5)];
    const events = [...early, human, ...otherLink, ...late, ...nextDay];
    // Link 1 had 80 bot visits on the 10th before this batch: 20 more fit, the rest are only counted.
    expect(rawOf(events, [[1, 0, 80]])).toEqual([...early.slice(0, 20), human, ...otherLink, ...nextDay]);
    expect(
      rawOf(events, [
        [1, 0, 100],
        [2, 0, 95],
        [1, 1, 99],
      ]),
    ).toEqual([human, ...otherLink.slice(0, 5), nextDay[0]]);
    expect(rawOf(events, [])).toEqual(events);
  });
});

const click = (linkId: number, at: string, overrides: Partial<ClickEvent> = {}) =>
  clickEvent(linkId, { at, ...overrides });

describe('clickRuns', () => {
  it("groups a link's clicks alike but for their time, link by link, each link's in order", () => {
    const runs = clickRuns([
      click(1, 't1'),
      click(2, 't2'),
      click(1, 't3', { visitor: 'another' }),
      click(1, 't4', { country: 'GB' }),
      click(1, 't5'),
      click(2, 't6'),
    ]);
    expect(runs.map((run) => [run.click.linkId, run.click.country, run.times])).toEqual([
      [1, 'US', ['t1', 't3']],
      [1, 'GB', ['t4']],
      [1, 'US', ['t5']],
      [2, 'US', ['t2', 't6']],
    ]);
  });

  it('keeps the click ids of a run, click by click', () => {
    const runs = clickRuns([click(1, 't1', { clickId: 'a' }), click(1, 't2'), click(1, 't3', { clickId: 'c' })]);
    expect(runs.map((run) => [run.times, run.clickIds])).toEqual([
      [
        ['t1', 't2', 't3'],
        ['a', null, 'c'],
      ],
    ]);
  });

  it('breaks a run on any value the raw row keeps', () => {
    const differences: Array<Partial<ClickEvent>> = [
      { device: 'mobile' },
      { browser: 'firefox' },
      { os: 'linux' },
      { referrerHost: 'news.example' },
      { bot: true },
      { optionIndex: 0 },
      { variantIndex: 1 },
      { language: 'de' },
      { utmSource: 's' },
      { utmMedium: 'm' },
      { utmCampaign: 'c' },
    ];
    for (const difference of differences) {
      expect(clickRuns([click(1, 't1'), click(1, 't2', difference)])).toHaveLength(2);
    }
  });
});
