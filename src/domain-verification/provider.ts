import { randomBytes } from 'node:crypto';

export interface DomainCheckResult {
  found: boolean;
  detail: string;
}

/** Where custom domains are verified (and, for a cloud provider, given TLS certificates). */
export interface DomainProvider {
  register(hostname: string): Promise<void>;
  /** `txtOnly`: only the TXT token proves control (the hostname was claimed by another account before). */
  check(domain: { hostname: string; verificationToken: string; txtOnly?: boolean }): Promise<DomainCheckResult>;
  remove(hostname: string): Promise<void>;
}

export function newVerificationToken(): string {
  return `hoplink-verify=${randomBytes(16).toString('hex')}`;
}
