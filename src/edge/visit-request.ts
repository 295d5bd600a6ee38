import type { IncomingMessage } from 'node:http';
import { primaryLanguage } from '../core/accept-language.ts';
import { isPreviewCrawler } from '../core/crawlers.ts';
import type { RedirectableLink, VisitRequest } from '../core/redirect-decision.ts';
import type { Visitor } from '../core/targeting.ts';
import { readVariantCookie } from '../core/variants.ts';
import { clientIp, type ProxyTrust } from '../clicks/client-ip.ts';
import type { GeoLookup } from '../clicks/geo.ts';
import { parseUserAgent } from '../clicks/user-agent.ts';

/**
 * What the decision may ask about one visit, answered lazily from the request. A class rather
 * than an object of closures: the redirect builds one per visit, and four closures a visit were
 * measurable on the short host's main thread.
 */
export class EdgeVisitRequest implements VisitRequest {
  readonly method: 'GET' | 'HEAD';
  readonly optionNumber: number | null;
  readonly now: number;
  readonly clicksExhausted: boolean;
  readonly unlocked: boolean;
  readonly random: () => number;
  /** The visitor, once something asked (looked up at most once per visit; recorded as is). */
  looked: Visitor | undefined;
  readonly #req: IncomingMessage;
  readonly #code: string;
  readonly #link: RedirectableLink | null;
  readonly #geo: GeoLookup;
  readonly #trustProxy: ProxyTrust | undefined;

  constructor(fields: {
    req: IncomingMessage;
    method: 'GET' | 'HEAD';
    code: string;
    link: RedirectableLink | null;
    optionNumber: number | null;
    now: number;
    clicksExhausted: boolean;
    unlocked: boolean;
    random: () => number;
    geo: GeoLookup;
    trustProxy: ProxyTrust | undefined;
    visitor: Visitor | undefined;
  }) {
    this.#req = fields.req;
    this.method = fields.method;
    this.#code = fields.code;
    this.#link = fields.link;
    this.optionNumber = fields.optionNumber;
    this.now = fields.now;
    this.clicksExhausted = fields.clicksExhausted;
    this.unlocked = fields.unlocked;
    this.random = fields.random;
    this.#geo = fields.geo;
    this.#trustProxy = fields.trustProxy;
    this.looked = fields.visitor;
  }

  previewCrawler(): boolean {
    return isPreviewCrawler(this.#req.headers['user-agent']);
  }

  variantCookie(): number | undefined {
    return readVariantCookie(this.#req.headers.cookie, this.#code, this.#link?.variants?.length ?? 0);
  }

  visitor(): Visitor {
    if (this.looked) return this.looked;
    const headers = this.#req.headers;
    const agent = parseUserAgent(headers['user-agent']);
    return (this.looked = {
      country: this.#geo.country(clientIp(this.#req, this.#trustProxy)),
      device: agent.device,
      os: agent.os,
      browser: agent.browser,
      language: primaryLanguage(headers['accept-language']),
    });
  }
}
