import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { invalidField } from './errors.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A custom domain as stored: lower case, punycode for internationalised names, no trailing dot.
 * Refuses addresses, localhost, single labels, malformed names and the service's own hosts.
 */
export function normalizeHostname(input: string, ownHosts: readonly string[]): string {
  const raw = input.trim().toLowerCase().replace(/\.$/, '');
  const refuse = (why: string) => invalidField('hostname', `The hostname ${why}.`);
  if (raw === '') throw refuse('field is required');
  if (/[/:?#@\s[\]]/.test(raw)) throw refuse('must be a bare host name, without scheme, port or path');
  if (isIP(raw)) throw refuse('must be a domain name, not an IP address');
  const ascii = domainToASCII(raw);
  if (!ascii) throw refuse('is not a valid domain name');
  if (ascii === 'localhost' || ascii.endsWith('.localhost')) throw refuse('must not be localhost');
  const labels = ascii.split('.');
  if (labels.length < 2) throw refuse('must have at least two labels, such as go.example.com');
  if (ascii.length > 253 || !labels.every((label) => LABEL.test(label))) throw refuse('is not a valid domain name');
  if (/^[0-9]+$/.test(labels.at(-1)!)) throw refuse('must end in a top-level domain');
  if (ownHosts.includes(ascii)) throw refuse("is one of this service's own hosts");
  return ascii;
}
