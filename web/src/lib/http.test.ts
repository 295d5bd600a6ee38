import { describe, expect, it } from 'vitest';
import { friendly } from './http.ts';

describe("what a person reads of an API's refusal", () => {
  it("the rate limit's programmatic 429 becomes what to do next", () => {
    expect(friendly(429, 'Too Many Attempts.')).toBe('Too many requests just now. Wait a moment and try again.');
    expect(friendly(429, undefined)).toBe('Too many requests just now. Wait a moment and try again.');
  });

  it('a limit that explains itself (imports under way) is shown in its own words', () => {
    const message =
      'You have 2 imports under way (uploading, queued or running); an account may have at most 2 at once.';
    expect(friendly(429, message)).toBe(message);
  });

  it('sessions, large files and server errors keep their fixed words', () => {
    expect(friendly(401, 'Unauthenticated.')).toBe('Your session has ended. Please sign in again.');
    expect(friendly(503, 'Database unavailable')).toBe('Something went wrong on our side. Please try again.');
    expect(friendly(422, 'The title field is required.')).toBe('The title field is required.');
  });
});
