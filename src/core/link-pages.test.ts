import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHOICE_PAGE_CSP, NOT_FOUND_PAGE } from './choice-page.ts';
import {
  CONTINUE_PAGE_CSP,
  GONE_PAGE,
  PASSWORD_PAGE_CSP,
  PREVIEW_PAGE_CSP,
  renderContinuePage,
  renderPasswordPage,
  renderPreviewPage,
  type PreviewPageInput,
} from './link-pages.ts';

const HOSTILE = `"><script>alert('x')</script>&amp;`;
const HOSTILE_ESCAPED = '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;';

/** The page's one inline style, and the CSP source that allows exactly it. */
function styleSource(html: string): string {
  const styles = [...html.matchAll(/<style>(.*?)<\/style>/g)].map((m) => m[1]!);
  expect(styles).toHaveLength(1);
  return `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`;
}

/** The content of the meta tag with this property or name, undefined when absent. */
function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

describe('the password page', () => {
  it('is a form posting a required current password back to the same path', () => {
    const html = renderPasswordPage({ wrong: false });
    expect(html).toContain('<title>This link is protected</title>');
    expect(html).toContain('<h1>This link is protected</h1>');
    expect(html).toMatch(/<form method="post">/);
    expect(html).not.toMatch(/<form[^>]*action=/);
    expect(html).toContain('<label for="password">Password</label>');
    const input = /<input [^>]*>/.exec(html)![0];
    for (const attribute of ['id="password"', 'name="password"', 'type="password"']) expect(input).toContain(attribute);
    expect(input).toContain('autocomplete="current-password"');
    expect(input).toMatch(/ required[ >]/);
    expect(html).toContain('<button type="submit">');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('shows no error on the first visit', () => {
    const html = renderPasswordPage({ wrong: false });
    const input = /<input [^>]*>/.exec(html)![0];
    expect(input).not.toContain('aria-describedby');
    expect(input).not.toContain('aria-invalid');
    expect(html).not.toContain('id="password-error"');
  });

  it('ties the wrong-password message to the input', () => {
    const html = renderPasswordPage({ wrong: true });
    const input = /<input [^>]*>/.exec(html)![0];
    expect(input).toContain('aria-describedby="password-error"');
    expect(input).toContain('aria-invalid="true"');
    expect(html).toMatch(/<p id="password-error"[^>]*role="alert"[^>]*>That password is not right\. Try again\.<\/p>/);
  });

  it.each([
    [900, '15 minutes'],
    [61, '2 minutes'],
    [60, '1 minute'],
    [30, '30 seconds'],
    [1, '1 second'],
    [0, '1 second'],
  ])('says when to come back after too many tries (%i s: %s)', (seconds, wait) => {
    const html = renderPasswordPage({ wrong: true, retryAfterSeconds: seconds });
    expect(html).toContain(`>Too many wrong tries. Try again in ${wait}.</p>`);
    expect(/<input [^>]*>/.exec(html)![0]).toContain('aria-describedby="password-error"');
  });

  it('is allowed exactly its inline style, and may post only to its own origin', () => {
    const html = renderPasswordPage({ wrong: true });
    expect(PASSWORD_PAGE_CSP).toContain(`style-src ${styleSource(html)}`);
    expect(PASSWORD_PAGE_CSP).toContain("form-action 'self'");
    expect(PASSWORD_PAGE_CSP).toContain("default-src 'none'");
    expect(PASSWORD_PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(html).not.toMatch(/<script|src=/);
  });

  it('differs from the choice page’s policy only in its style and form action', () => {
    const [style, formAction] = ['style-src', 'form-action'];
    const rest = (csp: string) =>
      csp.split('; ').filter((directive) => !directive.startsWith(style) && !directive.startsWith(formAction));
    expect(rest(PASSWORD_PAGE_CSP)).toEqual(rest(CHOICE_PAGE_CSP));
  });
});

describe('the preview page', () => {
  const full: PreviewPageInput = {
    title: 'Spring sale',
    description: 'Everything half price',
    image: 'https://cdn.example.com/card.png',
    url: 'https://hop.example/abc',
    destination: 'https://shop.example.com/sale?x=1&y=2',
  };

  it('carries the Open Graph and Twitter card tags', () => {
    const html = renderPreviewPage(full);
    expect(metaContent(html, 'og:title')).toBe('Spring sale');
    expect(metaContent(html, 'og:description')).toBe('Everything half price');
    expect(metaContent(html, 'og:image')).toBe('https://cdn.example.com/card.png');
    expect(metaContent(html, 'og:url')).toBe('https://hop.example/abc');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<title>Spring sale</title>');
  });

  it('links visibly to the destination', () => {
    const html = renderPreviewPage(full);
    const destination = 'https://shop.example.com/sale?x=1&amp;y=2';
    expect(html).toContain(`<a href="${destination}" rel="nofollow noopener">${destination}</a>`);
  });

  it('leaves out the tags of null fields, and asks for a small card without an image', () => {
    const html = renderPreviewPage({ ...full, title: null, description: null, image: null });
    for (const key of ['og:title', 'og:description', 'og:image']) expect(metaContent(html, key), key).toBeUndefined();
    expect(metaContent(html, 'og:url')).toBe('https://hop.example/abc');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(html).not.toContain('<p>');
    expect(html).toContain('<title>https://shop.example.com/sale?x=1&amp;y=2</title>');
  });

  it('escapes every field, in attributes and in text', () => {
    const html = renderPreviewPage({
      title: `Title ${HOSTILE}`,
      description: `Description ${HOSTILE}`,
      image: `https://cdn.example.com/${HOSTILE}`,
      url: `https://hop.example/${HOSTILE}`,
      destination: `https://shop.example.com/${HOSTILE}`,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`'x'`);
    expect(metaContent(html, 'og:title')).toBe(`Title ${HOSTILE_ESCAPED}`);
    expect(metaContent(html, 'og:description')).toBe(`Description ${HOSTILE_ESCAPED}`);
    expect(metaContent(html, 'og:image')).toBe(`https://cdn.example.com/${HOSTILE_ESCAPED}`);
    expect(metaContent(html, 'og:url')).toBe(`https://hop.example/${HOSTILE_ESCAPED}`);
    expect(html).toContain(`<title>Title ${HOSTILE_ESCAPED}</title>`);
    expect(html).toContain(`<h1>Title ${HOSTILE_ESCAPED}</h1>`);
    expect(html).toContain(`<p>Description ${HOSTILE_ESCAPED}</p>`);
    const destination = `https://shop.example.com/${HOSTILE_ESCAPED}`;
    expect(html).toContain(`<a href="${destination}" rel="nofollow noopener">${destination}</a>`);
  });

  it('escapes the destination where it stands in for a missing title', () => {
    const html = renderPreviewPage({ ...full, title: null, destination: `https://x.example/${HOSTILE}` });
    expect(html).toContain(`<title>https://x.example/${HOSTILE_ESCAPED}</title>`);
    expect(html).not.toContain('<script>');
  });

  it('is allowed exactly its inline style by the CSP, and nothing else', () => {
    const html = renderPreviewPage(full);
    expect(PREVIEW_PAGE_CSP).toContain(`style-src ${styleSource(html)}`);
    expect(PREVIEW_PAGE_CSP).toContain("default-src 'none'");
    expect(PREVIEW_PAGE_CSP).toContain("form-action 'none'");
    expect(html).not.toMatch(/<script|src=/);
  });
});

describe('the continue page', () => {
  it('sends the browser on at once with a meta refresh, and shows a link for one that does not', () => {
    const html = renderContinuePage('https://shop.example.com/sale?x=1&y=2');
    const destination = 'https://shop.example.com/sale?x=1&amp;y=2';
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${destination}">`);
    expect(html).toContain(`<a href="${destination}" rel="nofollow noopener">Continue to shop.example.com`);
    expect(html).toContain('<small>shop.example.com/sale</small>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('escapes the destination everywhere', () => {
    const html = renderContinuePage(`https://shop.example.com/${HOSTILE}`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`'x'`);
    expect(html).toContain(`content="0;url=https://shop.example.com/${HOSTILE_ESCAPED}"`);
  });

  it('runs no script and posts nothing: the CSP allows only its inline style', () => {
    const html = renderContinuePage('https://shop.example.com/');
    expect(CONTINUE_PAGE_CSP).toContain(`style-src ${styleSource(html)}`);
    expect(CONTINUE_PAGE_CSP).toContain("default-src 'none'");
    expect(CONTINUE_PAGE_CSP).toContain("form-action 'none'");
    expect(html).not.toMatch(/<script|src=/);
  });
});

describe('the expired-link page', () => {
  it('says the link has expired, in the frame of the not-found page', () => {
    expect(GONE_PAGE).toContain('<title>This link has expired</title>');
    expect(GONE_PAGE).toContain('<h1>This link has expired</h1>');
    expect(GONE_PAGE).toContain('<html lang="en">');
    expect(styleSource(GONE_PAGE)).toBe(styleSource(NOT_FOUND_PAGE));
    expect(CHOICE_PAGE_CSP).toContain(`style-src ${styleSource(GONE_PAGE)}`);
    expect(GONE_PAGE).not.toMatch(/<script|src=/);
  });
});
