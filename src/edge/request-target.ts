// What a short-host request names, read from the request line and Host header. Runs on every
// redirect, so it works with indexes and one anchored pattern test instead of split() arrays.

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const OPTION = /^[1-9][0-9]?$/;

export type Target =
  { kind: 'root' } | { kind: 'code'; code: string; optionNumber: number | null } | { kind: 'invalid' };

const ROOT: Target = { kind: 'root' };
const INVALID: Target = { kind: 'invalid' };

/** The longest path that can name a link: `/` + a 64-character code + `/` + an option number. */
const MAX_PATH = 200;

/**
 * `/`, `/<code>` or `/<code>/<n>`; anything else names no link. Only the path's length counts:
 * a campaign URL's query (UTM parameters, fbclid, ...) may be as long as Node lets a request be.
 */
export function parseTarget(url: string | undefined): Target {
  if (url?.charCodeAt(0) !== 47 /* / */) return INVALID;
  const queryAt = url.indexOf('?');
  const end = queryAt === -1 ? url.length : queryAt;
  if (end > MAX_PATH) return INVALID;
  if (end === 1) return ROOT;
  const slash = url.indexOf('/', 1);
  if (slash === -1 || slash >= end) {
    const code = url.slice(1, end);
    return CODE.test(code) ? { kind: 'code', code, optionNumber: null } : INVALID;
  }
  const code = url.slice(1, slash);
  const option = url.slice(slash + 1, end);
  if (!CODE.test(code) || !OPTION.test(option)) return INVALID;
  return { kind: 'code', code, optionNumber: Number(option) };
}

let lastHeader: string | undefined;
let lastHostname = '';

/** The Host header's name, lower case, without port or trailing dot (`[v6]` keeps its brackets). */
export function hostnameOf(header: string | undefined): string {
  if (!header) return '';
  // Nearly every request to an instance names the same host or two: reuse the last answer.
  if (header === lastHeader) return lastHostname;
  const host = header.trim().toLowerCase();
  let hostname: string;
  if (host.startsWith('[')) {
    hostname = host.slice(0, host.indexOf(']') + 1);
  } else {
    const colon = host.indexOf(':');
    hostname = (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
  }
  lastHeader = header;
  lastHostname = hostname;
  return hostname;
}
