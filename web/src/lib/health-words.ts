import type { LinkHealth } from './types.ts';

// The link check's reasons as a person reads them. The API keeps the checker's own words
// ("HTTP 410", "DNS: getaddrinfo ENOTFOUND shop.example", "connection refused (...)"), which
// scripts match on; the dashboard says what they mean, with the status code kept for whoever
// reports it to the site's owner.

const STATUS_WORDS: Record<number, string> = {
  400: 'The site refused the request',
  401: 'The page needs a sign-in',
  403: 'The site does not let visitors in',
  404: 'The page does not exist',
  410: 'The page was removed for good',
  429: 'The site asked us to slow down; it is checked again later',
  451: 'The page is blocked for legal reasons',
  500: 'The site had an error',
  502: 'The site’s server is unreachable behind its gateway',
  503: 'The site is unavailable for now; it is checked again later',
  504: 'The site’s server did not answer its gateway in time',
};

/** Why the last check found the link broken or could not tell, in words; null when nothing went wrong. */
export function healthReason(health: Pick<LinkHealth, 'error' | 'http_status'>): string | null {
  const { error, http_status: status } = health;
  if (status !== null && (error === null || error.startsWith(`HTTP ${status}`))) return statusWords(status);
  if (error === null) return null;
  if (error.startsWith('DNS:')) return 'The site’s name does not exist (no DNS record)';
  if (error.startsWith('connection refused')) return 'The site refused the connection';
  if (error.startsWith('no answer within')) return 'The site did not answer in time';
  const redirects = /^more than (\d+) redirects/.exec(error);
  if (redirects) return `The link goes through more than ${redirects[1]} redirects`;
  if (error.startsWith('redirects to an unsupported scheme'))
    return 'The site redirects to something that is not a web page';
  if (error.startsWith('invalid redirect target')) return 'The site redirects to an address that is not valid';
  if (/private|not allowed|refused to check/i.test(error)) return 'The address is private or not allowed';
  return error.charAt(0).toUpperCase() + error.slice(1);
}

function statusWords(status: number): string {
  const words = STATUS_WORDS[status] ?? (status >= 500 ? 'The site had an error' : 'The site answered with an error');
  return `${words} (HTTP ${status})`;
}
