// NIST SP 800-63B (5.1.1.2) asks that new passwords be checked against values known to be
// commonly used or compromised. The list is zxcvbn-ts's common-passwords dictionary (about
// 49,000 passwords from breach corpora, MIT), loaded on first use so a service that never sees a
// sign-up does not hold it in memory.
let breached: Promise<Set<string>> | undefined;

function load(): Promise<Set<string>> {
  breached ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return breached;
}

/** True when the password (compared case-insensitively, as the list is lower case) is a known breached one. */
export async function isBreachedPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}
