import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

// Focus and the document title follow the page: after a navigation the new page's h1 takes focus
// (a screen reader then reads where the person is, and Tab continues from the top of the page) and the
// title names it ("Links · Hoplink"). Pages render their h1 when they can (a link's page after it
// loads), so both wait for it.

const MAIN_ID = 'main';

/** The page's heading, made focusable by script only (tabindex=-1). */
function pageHeading(): HTMLElement | null {
  const h1 = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`) ?? document.querySelector<HTMLElement>('main h1');
  if (h1 && !h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  return h1;
}

/** Moves focus to the page's heading, or the main content while the page has none yet. */
export function focusMain(): void {
  const target = pageHeading() ?? document.getElementById(MAIN_ID) ?? document.querySelector<HTMLElement>('main');
  target?.focus();
}

/** "Links · Hoplink"; headings that already name Hoplink ("Sign in to Hoplink") stand alone. */
export function titleFor(heading: string): string {
  const text = heading.trim().replace(/\s+/g, ' ');
  if (!text) return 'Hoplink';
  return /hoplink/i.test(text) ? text : `${text} · Hoplink`;
}

/**
 * When the focused element leaves the page (the row whose Delete was just confirmed), focus would
 * fall back to <body> and a keyboard user would start over from the top: the page's heading takes it.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let last: Element | null = null;
    const remember = (event: FocusEvent) => {
      last = event.target as Element;
    };
    const rescue = () => {
      if (last && !last.isConnected && (document.activeElement === document.body || !document.activeElement)) {
        last = null;
        focusMain();
      }
    };
    document.addEventListener('focusin', remember);
    const watch = new MutationObserver(rescue);
    watch.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', remember);
      watch.disconnect();
    };
  }, []);
}

/**
 * Keeps the title in step with the page's h1, and focuses the h1 once after each change of `path`
 * (not on the first page shown, and not when only the route's query changes: a range preset keeps
 * focus where it is). A focus the person moves before the heading appears wins.
 */
export function usePageFocus(path: string): void {
  const first = useRef(true);
  const pending = useRef(false);
  // A layout effect: focus moves in the same frame as the new page is drawn.
  useLayoutEffect(() => {
    if (first.current) first.current = false;
    else pending.current = true;
    const settle = () => {
      const h1 = pageHeading();
      const title = titleFor(h1?.textContent ?? '');
      if (document.title !== title) document.title = title;
      if (h1 && pending.current) {
        pending.current = false;
        h1.focus();
      }
    };
    // The main container holds focus only while its heading is missing (focusMain); that is no choice of the person's.
    const gaveUp = (event: FocusEvent) => {
      const target = event.target as Element;
      if (pending.current && target !== pageHeading() && target.id !== MAIN_ID) pending.current = false;
    };
    settle();
    const watch = new MutationObserver(settle);
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.addEventListener('focusin', gaveUp);
    return () => {
      watch.disconnect();
      document.removeEventListener('focusin', gaveUp);
    };
  }, [path]);
}
