import { useEffect, useRef, useState } from 'preact/hooks';
import { shownWorkspace } from './workspace-route.ts';

/** How long to gather events before re-reading: a burst of click batches costs one reload. */
const DEBOUNCE_MS = 300;
/** Where no event stream can be held (docs/api.md "Live updates"): read again this often. */
export const POLL_MS = 5_000;

/** How the page hears of new clicks: the event stream (`live`), polling while it is down, or not yet either. */
export type LiveState = 'connecting' | 'live' | 'polling';

/**
 * Calls `onClicks` soon after clicks of the shown workspace's links are recorded: on the server's
 * `clicks` events from GET /dashboard-api/live (debounced; `relevant` picks the events the page
 * shows), and every 5 s instead while the stream is down or the browser has no EventSource.
 */
export function useLiveClicks(onClicks: () => void, relevant: (linkIds: number[]) => boolean = () => true): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  // The latest callbacks, so the stream is opened once per page rather than on every render.
  const latest = useRef({ onClicks, relevant });
  latest.current = { onClicks, relevant };
  useEffect(() => {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const soon = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => latest.current.onClicks(), DEBOUNCE_MS);
    };
    const startPolling = () => {
      poll ??= setInterval(() => latest.current.onClicks(), POLL_MS);
      setState('polling');
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return stopPolling;
    }
    // An EventSource sends no headers of its own: the workspace shown goes in the query instead.
    const slug = shownWorkspace();
    const source = new EventSource(`/dashboard-api/live${slug ? `?workspace=${encodeURIComponent(slug)}` : ''}`);
    source.addEventListener('open', () => {
      stopPolling();
      setState('live');
    });
    // The browser reconnects by itself (the server asks for 3 s); until it has, and for good once it
    // gives up (CLOSED), the page polls.
    source.addEventListener('error', startPolling);
    source.addEventListener('clicks', (event) => {
      let ids: number[] = [];
      try {
        ids = (JSON.parse((event as MessageEvent<string>).data) as { link_ids?: number[] }).link_ids ?? [];
      } catch {
        // An event the page cannot read still says clicks arrived.
      }
      if (ids.length === 0 || latest.current.relevant(ids)) soon();
    });
    return () => {
      source.close();
      stopPolling();
      clearTimeout(debounce);
    };
  }, []);
  return state;
}

/** A line saying how fresh the numbers are (the tests wait for `data-live="live"` before a visit). */
export const LIVE_WORDS: Record<LiveState, string> = {
  connecting: 'Connecting for live updates…',
  live: 'Live: new clicks appear within seconds.',
  polling: 'Checking for new clicks every 5 seconds.',
};
