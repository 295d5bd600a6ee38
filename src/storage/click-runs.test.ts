import { describe, expect, it } from 'vitest';
import { clickEvent } from '../../test/helpers/clicks.ts';
import type { ClickEvent } from '../core/clicks.ts';
import { clickRuns } from './click-runs.ts';

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
