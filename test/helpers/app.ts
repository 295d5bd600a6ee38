import type { FastifyInstance } from 'fastify';
import { buildApiApp } from '../../src/api/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createAppContext, type AppContext } from '../../src/context.ts';
import type { Ability, Plan } from '../../src/core/plans.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { insertUser } from '../../src/storage/users.kysely.ts';
import { freshDatabaseUrl } from './database.ts';

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
  const database = await freshDatabaseUrl(engine);
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
      await app.close();
      await ctx.close();
      await database.drop();
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
  const user = await insertUser(ctx.database.db, { email: `user${userCounter}-${Date.now()}@example.test`, plan });
  const { plaintext, token } = await ctx.uow.transact((work) =>
    issueToken(work, { userId: user.id, name: 'test', abilities }),
  );
  return { user, token, plaintext, headers: { authorization: `Bearer ${plaintext}`, accept: 'application/json' } };
}
