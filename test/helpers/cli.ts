import type { Ability, Plan } from '../../src/core/plans.ts';
import { hoplink } from './process.ts';

export interface CliUserWithToken {
  userId: number;
  /** What `hoplink user create --json` printed. */
  user: { id: number; email: string; plan: Plan };
  /** The token's plaintext. */
  token: string;
  /** Bearer authorization and a JSON content type, ready for fetch(). */
  headers: { authorization: string; 'content-type': string };
}

/**
 * Creates a user and a token with the real CLI (`hoplink user create` and `hoplink token create`,
 * both with --json) against the database of `env`, as an operator would.
 */
export async function cliUserWithToken(options: {
  env: Record<string, string>;
  email: string;
  plan: Plan;
  /** The dashboard password, if any. */
  password?: string;
  /** The token's name; 'test' by default. */
  tokenName?: string;
  /** The token's abilities; the CLI's default (all of them) when not given. */
  abilities?: Ability[];
}): Promise<CliUserWithToken> {
  const { env, email, plan, password, tokenName = 'test', abilities } = options;
  const user = JSON.parse(
    await hoplink(
      env,
      'user',
      'create',
      '--email',
      email,
      ...(password === undefined ? [] : ['--password', password]),
      '--plan',
      plan,
      '--json',
    ),
  );
  const { token } = JSON.parse(
    await hoplink(
      env,
      'token',
      'create',
      '--email',
      email,
      '--name',
      tokenName,
      ...(abilities === undefined ? [] : ['--abilities', abilities.join(',')]),
      '--json',
    ),
  );
  return {
    userId: user.id,
    user,
    token,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
}
