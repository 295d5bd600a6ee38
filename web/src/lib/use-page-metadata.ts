import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { isHttpUrl } from '../../../src/core/urls.ts';
import { getPageMetadata } from './api.ts';
import type { PageMetadataAnswer } from './types.ts';

/** How long the destination must stay unchanged before its page is asked for. */
const PAUSE_MS = 400;

/**
 * The destination page's title and card, asked of the server once the person leaves the field and
 * it holds an http(s) URL; the same URL is not asked twice in a row, and a newer URL cancels the
 * look-up of an older one. A look-up that fails leaves nothing: the form works without it.
 */
export function usePageMetadata() {
  const [found, setFound] = useState<PageMetadataAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  const asked = useRef('');

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
  }, []);

  const lookUp = useCallback(
    (url: string) => {
      if (!isHttpUrl(url) || url === asked.current) return;
      stop();
      timer.current = setTimeout(async () => {
        asked.current = url;
        const controller = new AbortController();
        inFlight.current = controller;
        try {
          const answer = await getPageMetadata(url, controller.signal);
          if (!controller.signal.aborted) setFound(answer);
        } catch {
          // Rate-limited, refused or offline: the person fills the fields in themselves.
        }
      }, PAUSE_MS);
    },
    [stop],
  );

  const clear = useCallback(() => {
    stop();
    asked.current = '';
    setFound(undefined);
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { found, lookUp, clear };
}
