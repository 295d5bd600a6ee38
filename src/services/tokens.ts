import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, invalidField } from '../core/errors.ts';
import type { ApiToken, Principal } from '../core/model.ts';
import { hasApiAccess, type Ability } from '../core/plans.ts';
import { abilitiesUnderRole, assertTwoFactorRule } from '../core/roles.ts';
import { audit } from './audit.ts';
import type { Stores } from '../storage/stores.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

export const TOKEN_PREFIX = 'hl_';
/** How many characters of the secret after the prefix are kept to tell tokens apart: 24 of 256 bits. */
const TOKEN_HINT_CHARS = 4;

export function hashToken(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

/** A new token: 256 bits of randomness, base64url, behind a prefix that secret scanners can spot. */
export async function issueToken(
  work: Pick<Work, 'stores'>,
  input: { userId: number; workspaceId: number; name: string; abilities: Ability[] },
): Promise<{ token: ApiToken; plaintext: string }> {
  const plaintext = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const token = await work.stores.tokens.insert({
    ...input,
    tokenHash: hashToken(plaintext),
    hint: plaintext.slice(0, TOKEN_PREFIX.length + TOKEN_HINT_CHARS),
  });
  return { token, plaintext };
}

/**
 * A person asking the dashboard for a token in the workspace they are in: refused on a plan without
 * API access (the token could never be used: every API request with it answers 403), named by the
 * trimmed name, with the abilities their role allows (a viewer's token reads).
 */
export async function createUserToken(
  work: Work,
  principal: Principal,
  input: { name: string; abilities: Ability[] },
): Promise<{ token: ApiToken; plaintext: string }> {
  if (!hasApiAccess(principal.workspace.plan)) {
    throw new AppError(
      'plan-required',
      "API tokens work with the Pro and Business plans; this workspace's plan has no API access.",
    );
  }
  const abilities = [...abilitiesUnderRole(input.abilities, principal.role)];
  if (abilities.length === 0) throw invalidField('abilities', 'Your role allows only the "read" ability.');
  const issued = await issueToken(work, {
    userId: principal.user.id,
    workspaceId: principal.workspace.id,
    name: input.name.trim(),
    abilities,
  });
  await audit(work, principal, { action: 'token.created', resourceType: 'token', resourceId: issued.token.id });
  return issued;
}

/** The live tokens the person made in this workspace. */
export function listUserTokens(stores: Stores, principal: Principal): Promise<ApiToken[]> {
  return stores.tokens.list(principal.workspace.id, principal.user.id);
}

/** Revokes one of the person's live tokens: 404 when there is none with that id, 403 when not theirs. */
export async function revokeUserToken(work: Work, principal: Principal, id: number): Promise<void> {
  const token = await work.stores.tokens.find(id);
  if (!token || token.revokedAt) throw new AppError('not-found', 'Token not found.');
  if (token.userId !== principal.user.id || token.workspaceId !== principal.workspace.id) {
    throw new AppError('forbidden', 'This token does not belong to you.');
  }
  await work.stores.tokens.revoke(token.id);
  await audit(work, principal, { action: 'token.revoked', resourceType: 'token', resourceId: token.id });
}

/**
 * Resolves bearer tokens to principals. `last_used_at` is kept in memory and written at most
 * once per minute per token (and on close), so an API request costs no extra database write.
 */
export class TokenAuthenticator {
  readonly #uow: UnitOfWork;
  /** Each token's last use, epoch milliseconds (formatted once a flush, not once a request). */
  readonly #pending = new Map<number, number>();
  readonly #lastWritten = new Map<number, number>();
  readonly #timer: NodeJS.Timeout;
  #writing: Promise<void> = Promise.resolve();

  constructor(uow: UnitOfWork, flushEveryMs = 60_000) {
    this.#uow = uow;
    this.#timer = setInterval(() => void this.flush().catch(() => {}), flushEveryMs);
    this.#timer.unref();
  }

  async authenticate(plaintext: string): Promise<Principal | undefined> {
    if (!plaintext.startsWith(TOKEN_PREFIX) || plaintext.length > 200) return undefined;
    const hash = hashToken(plaintext);
    const found = await this.#uow.read((stores) => stores.tokens.findActiveByHash(hash));
    // The lookup is by hash already; the constant-time comparison keeps a partial index match
    // (a collation or trimming quirk) from ever passing as equal.
    if (!found || !timingSafeEqual(Buffer.from(found.tokenHash), Buffer.from(hash))) return undefined;
    assertTwoFactorRule(found.workspace, found.user);
    this.#markUsed(found.token.id);
    // The maker's role now, not when the token was made: a demotion or removal counts at once.
    return {
      user: found.user,
      workspace: found.workspace,
      role: found.role,
      abilities: abilitiesUnderRole(found.token.abilities, found.role),
      via: 'token',
      tokenId: found.token.id,
      sessionId: null,
      address: null,
    };
  }

  #markUsed(tokenId: number): void {
    const now = Date.now();
    this.#pending.set(tokenId, now);
    const last = this.#lastWritten.get(tokenId) ?? 0;
    if (now - last >= 60_000) void this.flush().catch(() => {});
  }

  /** Writes every use noted so far; resolves once they are stored, including a write already under way. */
  async flush(): Promise<void> {
    await this.#writing;
    if (this.#pending.size === 0) return;
    const batch = new Map([...this.#pending].map(([id, usedAt]) => [id, new Date(usedAt).toISOString()]));
    this.#pending.clear();
    const now = Date.now();
    for (const id of batch.keys()) this.#lastWritten.set(id, now);
    const writing = this.#uow.transact(({ stores }) => stores.tokens.touch(batch));
    this.#writing = writing.catch(() => {});
    await writing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
