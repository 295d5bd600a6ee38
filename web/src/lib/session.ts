import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { getMe } from './api.ts';
import { ApiError, setCsrf } from './http.ts';
import type { Me } from './types.ts';

/** Why the address's workspace is not shown: 404, none of the person's; 403, kept out (the server says why). */
export interface Refusal {
  status: number;
  message: string;
}

/**
 * The signed-in person as the address's workspace sees them. `slug` is the workspace it was asked
 * for (undefined: the personal one). `refused` says why that workspace is not shown: `me` is then the
 * personal workspace's, for the header and the way back.
 */
export interface Session {
  me: Me;
  slug: string | undefined;
  refused?: Refusal;
}

/** The person in `slug`'s workspace; for a workspace they may not open, their personal one and why not. */
async function loadSession(slug: string | undefined): Promise<Session | null> {
  try {
    return { me: await getMe(slug), slug };
  } catch (error) {
    const refused = slug !== undefined && error instanceof ApiError && (error.status === 404 || error.status === 403);
    if (!refused) return null;
    try {
      return { me: await getMe(undefined), slug, refused: { status: error.status, message: error.message } };
    } catch {
      return null;
    }
  }
}

export interface SessionState {
  /** undefined while asking the server, null when signed out. */
  session: Session | null | undefined;
  /** A sign-in's answer (its personal workspace). */
  signedIn: (me: Me) => void;
  signedOut: () => void;
  /** Asks again (a role, a name or the list of workspaces changed), showing the current answer meanwhile. */
  refresh: () => void;
}

/**
 * The session for the workspace of the address, asked again whenever the address names another: until
 * the answer comes, `session.slug` is the previous workspace's, which tells the app to wait. It is asked
 * again on every new page (`path`) too, the current answer shown meanwhile: a role changed, a workspace
 * deleted or left elsewhere shows on the next page, not as a page full of refusals.
 */
export function useSession(slug: string | undefined, path: string): SessionState {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [tick, setTick] = useState(0);
  // The workspace last asked for: an answer about another one (the address changed meanwhile) is dropped.
  const wanted = useRef<string | undefined>(slug);
  const signedOut = session === null;
  // Signing in asks again too: the address may name another workspace than the personal one it answers for.
  useEffect(() => {
    if (signedOut) return;
    wanted.current = slug;
    void loadSession(slug).then((next) => {
      if (wanted.current !== slug) return;
      if (next) setCsrf(next.me.csrf_token);
      setSession(next);
    });
  }, [slug, path, tick, signedOut]);
  const signedIn = useCallback((me: Me) => {
    setCsrf(me.csrf_token);
    setSession({ me, slug: undefined });
  }, []);
  return {
    session,
    signedIn,
    signedOut: useCallback(() => setSession(null), []),
    refresh: useCallback(() => setTick((t) => t + 1), []),
  };
}
