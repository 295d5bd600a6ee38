import { escapeHtml, page, pageCsp, STYLE } from './html-page.ts';

// The choice page and NOT_FOUND_PAGE use only the shared style, so this policy covers both.
export const CHOICE_PAGE_CSP = pageCsp(STYLE);

/** Shows an option as its host and path, so a visitor sees where each leads. */
function label(url: string): { title: string; detail: string } {
  try {
    const parsed = new URL(url);
    return {
      title: parsed.hostname.replace(/^www\./, ''),
      detail: `${parsed.hostname}${parsed.pathname === '/' ? '' : parsed.pathname}`,
    };
  } catch {
    return { title: url, detail: url };
  }
}

/** A small, accessible page listing a choice page's options; every value is escaped. */
export function renderChoicePage(input: {
  title: string;
  options: ReadonlyArray<{ url: string; href: string }>;
}): string {
  const items = input.options
    .map(({ url, href }) => {
      const { title, detail } = label(url);
      const text = `${escapeHtml(title)}<small>${escapeHtml(detail)}</small>`;
      return `<li><a href="${escapeHtml(href)}" rel="nofollow noopener">${text}</a></li>`;
    })
    .join('');
  const title = escapeHtml(input.title);
  return page(title, `<h1>${title}</h1><ol>${items}</ol>`, '<meta name="robots" content="noindex">');
}

export const NOT_FOUND_PAGE = page(
  'Link not found',
  '<h1>Link not found</h1><p>This short link does not exist or has been turned off.</p>',
);
