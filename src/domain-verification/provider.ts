import { randomBytes } from 'node:crypto';

export interface DomainCheckResult {
  found: boolean;
  detail: string;
}

/** Where custom domains are verified (and, for a cloud provider, given TLS certificates). */
export interface DomainProvider {
  register(hostname: string): Promise<void>;
  check(domain: { hostname: string; verificationToken: string }): Promise<DomainCheckResult>;
  remove(hostname: string): Promise<void>;
}

export function newVerificationToken(): string {
  return `hoplink-verify=${randomBytes(16).toString('hex')}`;
}
