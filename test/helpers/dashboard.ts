import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const DASHBOARD_PASSWORD = 'a good long password';

/** A signed-in browser as far as the service knows: its cookies and its session's CSRF token. */
export interface DashboardSession {
  cookie: string;
  csrf: string;
}

/** The session a sign-up or completed sign-in started. */
export function sessionOf(res: LightMyRequestResponse): DashboardSession {
  const cookie = res.cookies.find((c) => c.name === 'hoplink_session');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return { cookie: `hoplink_session=${cookie.value}`, csrf: res.json().csrf_token };
}

let n = 0;

/**
 * The dashboard's own endpoints on the app `app()` gives (useTestApp's is there once its beforeAll
 * has run), through inject(); each person signs up from an address of their own.
 */
export function dashboardClient(app: () => FastifyInstance, label: string) {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { session?: DashboardSession; payload?: object; remoteAddress?: string; headers?: object } = {},
  ) =>
    app().inject({
      method,
      url: `/dashboard-api${url}`,
      payload: options.payload,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: {
        ...(options.session ? { cookie: options.session.cookie, 'x-csrf-token': options.session.csrf } : {}),
        ...options.headers,
      },
    });

  return {
    call,
    /** A new account, signed in; `remoteAddress` is the one it signs up from, and should sign in from. */
    async signUp(headers: Record<string, string> = {}) {
      n += 1;
      const email = `${label}${n}-${Date.now()}@example.com`;
      const remoteAddress = `198.51.${100 + (n >> 8)}.${n & 255}`;
      const res = await call('POST', '/signup', {
        payload: { email, password: DASHBOARD_PASSWORD },
        remoteAddress,
        headers,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { email, remoteAddress, id: res.json().user.id as number, session: sessionOf(res) };
    },
    signIn(email: string, remoteAddress: string, options: { password?: string; cookie?: string } = {}) {
      return call('POST', '/signin', {
        payload: { email, password: options.password ?? DASHBOARD_PASSWORD },
        remoteAddress,
        headers: options.cookie ? { cookie: options.cookie } : {},
      });
    },
    me: (session: DashboardSession) => call('GET', '/me', { session }),
  };
}
