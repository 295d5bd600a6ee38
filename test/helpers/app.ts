import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApiApp } from '../../src/api/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createAppContext, type AppContext } from '../../src/context.ts';
import type { Ability, Plan } from '../../src/core/plans.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { insertAccount } from './accounts.ts';
import { freshMigratedDatabaseUrl } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The HTTP suite runs on SQLite, or on PostgreSQL with TEST_HTTP_ENGINE=postgres (CI does both). */
export const httpEngine: 'sqlite' | 'postgres' = process.env.TEST_HTTP_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The production app (buildApiApp) on a fresh database of httpEngine. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const engine = httpEngine;
  const database = await freshMigratedDatabaseUrl(engine);
  const config: Config = loadConfig({
    DATABASE_URL: database.url,
    APP_URL: 'http://api.test',
    SHORT_URL: 'http://short.test',
    ...env,
  });
  const ctx = await createAppContext(config);
  const app = await buildApiApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      // The database goes whatever closing the app did: a test may have broken its connection.
      try {
        await app.close();
        await ctx.close();
      } finally {
        await database.drop();
      }
    },
  };
}

let userCounter = 0;

/** A user on `plan` with a token; `headers` are ready for inject(). */
export async function createUserWithToken(
  ctx: AppContext,
  plan: Plan,
  abilities: Ability[] = ['read', 'create', 'update', 'delete'],
) {
  userCounter += 1;
  const user = await insertAccount(ctx.database.db, { email: `user${userCounter}-${Date.now()}@example.test`, plan });
  const { plaintext, token } = await ctx.uow.transact((work) =>
    issueToken(work, { userId: user.id, workspaceId: user.workspaceId, name: 'test', abilities }),
  );
  return { user, token, plaintext, headers: { authorization: `Bearer ${plaintext}`, accept: 'application/json' } };
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `method /api/v1{url}` on `app` through inject(); an object payload is sent as JSON, a string as it is. */
export function apiRequest(
  app: FastifyInstance,
  method: ApiMethod,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as InjectOptions['payload'] });
}

/** A user with a token (what createUserWithToken answers), and `api` calls made with its headers. */
export type TestUser = Awaited<ReturnType<typeof createUserWithToken>> & {
  api(method: ApiMethod, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
};

export interface UsedTestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  /** The user made for `useTestApp(env, { user: plan })`, whose headers `api` sends unless given others. */
  readonly defaultUser: TestUser;
  /** `defaultUser.headers`. */
  readonly headers: Record<string, string>;
  /** A new user on `plan` with a token (createUserWithToken). */
  user(plan: Plan, abilities?: Ability[]): Promise<TestUser>;
  /** apiRequest on this app; `headers` defaults to the default user's, or to none without one. */
  api(
    method: ApiMethod,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The test app of a file: registers the beforeAll that creates it (createTestApp(env), then the
 * default user if `options.user` names a plan) and the afterAll that closes it. Call it at the top
 * level of the file; the getters answer once that beforeAll has run.
 */
export function useTestApp(env: Record<string, string> = {}, options: { user?: Plan } = {}): UsedTestApp {
  let testApp: TestApp | undefined;
  let defaultUser: TestUser | undefined;
  const started = () => {
    if (!testApp) throw new Error('useTestApp: the app exists only once its beforeAll has run');
    return testApp;
  };
  const user = async (plan: Plan, abilities?: Ability[]): Promise<TestUser> => {
    const created = await createUserWithToken(started().ctx, plan, abilities);
    return {
      ...created,
      api: (method, url, payload) => apiRequest(started().app, method, url, payload, created.headers),
    };
  };
  beforeAll(async () => {
    testApp = await createTestApp(env);
    if (options.user) defaultUser = await user(options.user);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  const used: UsedTestApp = {
    get app() {
      return started().app;
    },
    get ctx() {
      return started().ctx;
    },
    get defaultUser() {
      if (!defaultUser) throw new Error('useTestApp: no default user; pass { user: plan }');
      return defaultUser;
    },
    get headers() {
      return used.defaultUser.headers;
    },
    user,
    api: (method, url, payload, headers = defaultUser?.headers ?? {}) =>
      apiRequest(started().app, method, url, payload, headers),
  };
  return used;
}
