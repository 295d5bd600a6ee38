import { performance } from 'node:perf_hooks';

// An open-loop load for the reliability suites: visits go out at fixed times whatever the answers,
// and each 302's arrival is recorded, so a test can say which visits were answered before a kill.

export const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

export interface Load {
  /** performance.now() of each 302, in order of arrival. */
  arrivals: number[];
  /** Status of every answer that was not a 302 (a network failure is 0). */
  others: number[];
  sent(): number;
  /** How many visits got no 302. */
  failed(): number;
  /** Sends no more; resolves when every request sent has been answered or has failed. */
  stop(): Promise<void>;
}

/** Visits `url` at `rate` per second, `planned` times at most (open loop: a slow answer does not delay the next). */
export function visitAtFixedRate(url: string, rate: number, planned: number): Load {
  const arrivals: number[] = [];
  const others: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let stopped = false;
  const start = performance.now();
  const visit = async () => {
    try {
      const res = await fetch(url, { redirect: 'manual', headers: BROWSER, signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 302) arrivals.push(performance.now());
      else others.push(res.status);
    } catch {
      others.push(0);
    }
  };
  const sending = new Promise<void>((resolve) => {
    const tick = () => {
      if (stopped) return resolve();
      const due = Math.min(planned, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) {
        sent += 1;
        const request = visit();
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      if (sent >= planned) return resolve();
      setTimeout(tick, 2);
    };
    tick();
  });
  const settle = async () => {
    await sending;
    await Promise.all(inFlight);
  };
  return {
    arrivals,
    others,
    sent: () => sent,
    failed: () => others.length,
    stop: () => {
      stopped = true;
      return settle();
    },
  };
}
