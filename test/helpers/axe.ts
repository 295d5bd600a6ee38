import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's own build, injected into each page as the @axe-core/* runners do.
const AXE_SOURCE: string = createRequire(import.meta.url)('axe-core').source;

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * The serious and critical axe-core violations on the page as it is now (WCAG 2.x A and AA rules
 * and best practices), once its transitions have ended: right after a switch to the dark scheme a
 * button is still fading between its light and dark colours, and axe would judge the colours
 * halfway (a contrast no one sees for more than 0.12 s).
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A skeleton's shimmer runs for ever: only the ones that end are waited for.
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
  });
}
