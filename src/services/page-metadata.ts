import { AppError, invalidField } from '../core/errors.ts';
import { cardImageType, isHtmlType } from '../core/content-types.ts';
import type { PageMetadata } from '../core/page-metadata.ts';
import { isHttpUrl } from '../core/urls.ts';
import {
  fetchGuarded,
  OutboundFailure,
  type Fetched,
  type Guard,
  type GuardedFetchOptions,
} from '../outbound/guarded-fetch.ts';

export interface PageMetadataSettings {
  guard: Guard;
  /** Network time for one look-up, its redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** HTML read at most; the head, where these tags live, comes first. */
  maxPageBytes: number;
  /** An image read at most; a bigger one is not shown. */
  maxImageBytes: number;
  /** The development and test setting that lets outbound requests reach loopback (http images then too). */
  allowPrivate: boolean;
  userAgent: string;
}

/** found: the page was read; the rest say why every field is null. */
export type LookupOutcome = 'found' | 'not-html' | 'http-error' | 'timeout' | 'unreachable';

export interface PageMetadataAnswer extends PageMetadata {
  outcome: LookupOutcome;
  /** Where the last redirect led; null when no page answered. */
  final_url: string | null;
}

const NOTHING = { title: null, description: null, image: null };

/**
 * What the destination's page says about itself, for the create form to prefill. A URL that is not
 * one, or whose host (or a redirect's) is not public, is the caller's mistake (422); a page that is
 * slow, down or not HTML is an answer with nulls and the reason: nothing the person can fix here.
 */
export async function lookUpPageMetadata(url: string, settings: PageMetadataSettings): Promise<PageMetadataAnswer> {
  assertHttpUrl(url);
  let fetched: Fetched;
  try {
    fetched = await fetchGuarded(url, fetchOptions(settings, settings.maxPageBytes, isHtmlType, 'text/html'));
  } catch (error) {
    const outcome = failureOutcome(error);
    return { ...NOTHING, outcome, final_url: null };
  }
  const base = { final_url: fetched.url };
  if (fetched.status < 200 || fetched.status >= 300) return { ...NOTHING, ...base, outcome: 'http-error' };
  if (!isHtmlType(fetched.contentType)) return { ...NOTHING, ...base, outcome: 'not-html' };
  // Pages are UTF-8 nearly always; a stray byte of another encoding becomes U+FFFD, not an error.
  const html = fetched.body.toString('utf8');
  // The parser is loaded on the first look-up: a service whose dashboard never asks does not hold it.
  const { extractPageMetadata } = await import('../core/page-metadata.ts');
  const found = extractPageMetadata(html, fetched.url, { allowHttpImages: settings.allowPrivate });
  return { ...found, ...base, outcome: 'found' };
}

/** A card image, fetched for the dashboard to show from its own origin. */
export interface CardImage {
  contentType: string;
  body: Buffer;
}

/** The image at `url` when it is one of the card types within the size cap; else a 422 saying why. */
export async function fetchCardImage(url: string, settings: PageMetadataSettings): Promise<CardImage> {
  assertHttpUrl(url);
  const wants = (type: string | undefined) => cardImageType(type) !== null;
  let fetched: Fetched;
  try {
    fetched = await fetchGuarded(url, fetchOptions(settings, settings.maxImageBytes, wants, 'image/*'));
  } catch (error) {
    const outcome = failureOutcome(error);
    throw new AppError('validation-failed', `The image could not be fetched (${outcome}).`);
  }
  const contentType = cardImageType(fetched.contentType);
  if (fetched.status < 200 || fetched.status >= 300 || !contentType)
    throw new AppError('validation-failed', 'The address does not answer with a PNG, JPEG, GIF, WebP or AVIF image.');
  if (fetched.truncated)
    throw new AppError('validation-failed', `The image is larger than ${settings.maxImageBytes} bytes or too slow.`);
  return { contentType, body: fetched.body };
}

function assertHttpUrl(url: string): void {
  if (!isHttpUrl(url)) throw invalidField('url', 'The url must be an absolute http or https URL.');
}

function fetchOptions(
  settings: PageMetadataSettings,
  maxBytes: number,
  wants: GuardedFetchOptions['wants'],
  accept: string,
): GuardedFetchOptions {
  return {
    guard: settings.guard,
    timeoutMs: settings.timeoutMs,
    maxRedirects: settings.maxRedirects,
    maxBytes,
    wants,
    accept,
    userAgent: settings.userAgent,
  };
}

/**
 * A refused address is a 422 (the person named it, or the page redirects there); the guard's own
 * message names what it resolved to, so the answer says only that the address is not public.
 */
function failureOutcome(error: unknown): 'timeout' | 'unreachable' {
  if (!(error instanceof OutboundFailure)) throw error;
  if (error.kind === 'blocked')
    throw invalidField('url', 'The address (or one it redirects to) is not public: it is not fetched.');
  if (error.kind === 'bad-url')
    throw invalidField('url', 'The page redirects to an address that is not http or https.');
  if (error.kind === 'timeout') return 'timeout';
  return 'unreachable';
}
