// Numbers as a person reads them: grouped ("1,234") and with the right word ("1 click", "2 clicks").
// The words are English, so the plural rules are English; the digits follow the browser's locale.
const plurals = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat();

/** A number grouped the way the browser's locale writes it: 1234 is "1,234" in en-US. */
export const formatNumber = (n: number): string => numbers.format(n);

/** `n` and its noun: countOf(1, 'click') is "1 click", countOf(1234, 'click') "1,234 clicks". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${formatNumber(n)} ${plurals.select(n) === 'one' ? one : other}`;
}

/** Where a page sits in a list: "1–25 of 1,234 links", "26 of 26 links", "1 link". */
export function rangeOf(from: number, to: number, total: number, one: string, other = `${one}s`): string {
  if (total === 0) return `No ${other}`;
  if (from === 1 && to === total) return countOf(total, one, other);
  const span = from === to ? formatNumber(from) : `${formatNumber(from)}–${formatNumber(to)}`;
  return `${span} of ${countOf(total, one, other)}`;
}
