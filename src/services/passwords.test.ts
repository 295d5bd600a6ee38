import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.ts';
import { createPasswordHasher, hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterz', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a stored hash with parameters scrypt cannot take, and keeps hashing after it', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 4, busyMessage: 'busy' });
    await expect(hasher.verify('x', 'scrypt$3$8$1$c2FsdA$aGFzaA')).rejects.toThrow();
    expect(await hasher.verify('same', await hasher.hash('same'))).toBe(true);
  });

  it("serves one key's request next in turn while another key floods; refuses only the flood's excess", async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 8, busyMessage: 'Busy.' });
    const [storedA, storedB] = await Promise.all([hasher.hash('password A'), hasher.hash('password B')]);
    const settled: string[] = [];
    const outcome = (label: string, check: Promise<boolean>) =>
      check.then(
        (right) => {
          settled.push(label);
          return right ? 'right' : 'wrong';
        },
        (error: unknown) => (error instanceof AppError && error.code === 'unavailable' ? 'busy' : 'failed'),
      );
    const flood = Array.from({ length: 40 }, (_, i) =>
      outcome(`a${i}`, hasher.verify('password A', storedA, 'link:a')),
    );
    const single = outcome('b', hasher.verify('password B', storedB, 'link:b'));
    expect(await single).toBe('right');
    const floodOutcomes = await Promise.all(flood);
    // One hashing and a quarter of the 8 places waiting for key a; the rest told to come back.
    expect(floodOutcomes.filter((o) => o === 'right')).toHaveLength(3);
    expect(floodOutcomes.filter((o) => o === 'busy')).toHaveLength(37);
    // b waited for the hash under way and one more of a's, not for a's whole line.
    expect(settled.indexOf('b')).toBe(2);
  });
});
