import { parse } from 'node-html-parser';
import { MAX_URL_LENGTH } from './urls.ts';

/** What a page says about itself: its title and the social card it asks for; null where it says nothing. */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  /** An absolute image URL, resolved against the page's address. */
  image: string | null;
}

/** The link fields these prefill take at most this much (schemas/link.ts); longer text is cut. */
export const MAX_METADATA_TITLE = 255;
export const MAX_METADATA_DESCRIPTION = 1000;

export interface ExtractOptions {
  /**
   * Keep an http image as well as https. Only for the development and test setting that lets
   * outbound requests reach loopback: a preview image of a real link must be https.
   */
  allowHttpImages: boolean;
}

/**
 * Reads `<title>`, Open Graph and Twitter card tags from a page's HTML, with a forgiving parser (a
 * page cut off at the size cap or with broken markup still yields what it has). Open Graph wins over
 * Twitter's, and the Open Graph title over `<title>`.
 */
export function extractPageMetadata(html: string, pageUrl: string, options: ExtractOptions): PageMetadata {
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false, title: true },
  });
  const meta = new Map<string, string>();
  for (const tag of root.querySelectorAll('meta')) {
    const key = (tag.getAttribute('property') ?? tag.getAttribute('name') ?? '').trim().toLowerCase();
    const content = tag.getAttribute('content');
    // The first of a repeated tag is the page's main one (og:image may list several).
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const first = (...keys: string[]) => keys.map((key) => tidy(meta.get(key) ?? '')).find((value) => value !== '');
  const title = first('og:title', 'twitter:title') ?? tidy(root.querySelector('title')?.text ?? '');
  const description = first('og:description', 'twitter:description', 'description');
  const image = first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src');
  return {
    title: clip(title, MAX_METADATA_TITLE),
    description: clip(description ?? '', MAX_METADATA_DESCRIPTION),
    image: image ? imageUrl(image, pageUrl, options) : null,
  };
}

/** Whitespace runs as one space, ends trimmed. */
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

function clip(text: string, max: number): string | null {
  if (text === '') return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The image's absolute URL against the page's, when it is one a card may show; else null. */
export function imageUrl(value: string, pageUrl: string, options: ExtractOptions): string | null {
  let url: URL;
  try {
    url = new URL(value, pageUrl);
  } catch {
    return null;
  }
  const allowed = url.protocol === 'https:' || (options.allowHttpImages && url.protocol === 'http:');
  if (!allowed || url.href.length > MAX_URL_LENGTH) return null;
  return url.href;
}
