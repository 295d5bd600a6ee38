import { readFileSync } from 'node:fs';

/**
 * The figures of one `npm run bench`, each beside its goal (docs/benchmarks.md), printed together at
 * the end so a run can be pasted into docs/benchmarks.md as it is.
 */
export interface Figure {
  path: string;
  value: string;
  goal: string;
  met: boolean | undefined;
}

export class Scorecard {
  readonly #figures: Figure[] = [];

  /** `met` undefined: a figure with no goal of its own (printed for context). */
  add(path: string, value: string, goal = '-', met?: boolean): void {
    this.#figures.push({ path, value, goal, met });
  }

  /** Lower is better: `value` against `limit`, both in `unit`. */
  atMost(path: string, value: number, limit: number, unit: string, digits = 1): void {
    this.add(path, `${value.toFixed(digits)} ${unit}`, `<= ${limit} ${unit}`, value <= limit);
  }

  /** Higher is better. */
  atLeast(path: string, value: number, floor: number, unit: string, digits = 1): void {
    this.add(path, `${value.toFixed(digits)}${unit}`, `>= ${floor}${unit}`, value >= floor);
  }

  /** A Markdown table: path, value, goal, and whether it is met. */
  table(title: string): string {
    const rows = this.#figures.map(
      (f) => `| ${f.path} | ${f.value} | ${f.goal} | ${f.met === undefined ? '' : f.met ? 'met' : 'NOT met'} |`,
    );
    return [`### ${title}`, '', '| path | measured | goal | |', '|---|---|---|---|', ...rows].join('\n');
  }
}

/** The goals that differ between the engines. */
export function goalsFor(postgres: boolean) {
  return {
    redirectRatio: postgres ? 70 : 85,
    /** What a redirect costs every process serving it (PostgreSQL and Redis too), over bare node:http's 302. */
    redirectCostRatio: postgres ? 1.8 : 1.2,
    catchUpSeconds: 2,
    createPerSecond: postgres ? 1_500 : 4_000,
    /** Lists (all by clicks, a 1% search) and a link's stats with four breakdowns, -c 10, requests a second. */
    listPerSecond: postgres ? 300 : 500,
    statsPerSecond: postgres ? 1_000 : 2_000,
    listP50Ms: 20,
    /** A code not in the redirect cache (a link's first visit, an unknown code), sequential, at the client. */
    cacheMissP50Ms: 2,
    statsP50Ms: 5,
    overviewP50Ms: 10,
    rssMb: 200,
  };
}

/** The resident set size of a process, in MB (Linux). */
export function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
