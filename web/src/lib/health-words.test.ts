import { describe, expect, it } from 'vitest';
import { healthReason } from './health-words.ts';

describe('the reasons of a link check, in words', () => {
  it.each([
    [{ error: 'HTTP 410', http_status: 410 }, 'The page was removed for good (HTTP 410)'],
    [{ error: 'HTTP 404', http_status: 404 }, 'The page does not exist (HTTP 404)'],
    [{ error: 'HTTP 599', http_status: 599 }, 'The site had an error (HTTP 599)'],
    [
      { error: 'HTTP 429: the destination asked us to slow down; checked again later', http_status: 429 },
      'The site asked us to slow down; it is checked again later (HTTP 429)',
    ],
    [
      { error: 'DNS: getaddrinfo ENOTFOUND shop.example', http_status: null },
      'The site’s name does not exist (no DNS record)',
    ],
    [
      { error: 'connection refused (connect ECONNREFUSED 1.2.3.4:443)', http_status: null },
      'The site refused the connection',
    ],
    [{ error: 'no answer within 10000 ms', http_status: null }, 'The site did not answer in time'],
    [{ error: 'more than 10 redirects', http_status: null }, 'The link goes through more than 10 redirects'],
    [{ error: 'something new', http_status: null }, 'Something new'],
    [{ error: null, http_status: null }, null],
  ])('%o reads as %o', (health, words) => {
    expect(healthReason(health)).toBe(words);
  });
});
