import { LIVE_WORDS, type LiveState } from '../lib/live.ts';

/** How fresh the statistics are: live, polling, or connecting. */
export function LiveStatus({ state }: { state: LiveState }) {
  return (
    <p class={`live-status ${state}`} data-live={state}>
      {LIVE_WORDS[state]}
    </p>
  );
}
