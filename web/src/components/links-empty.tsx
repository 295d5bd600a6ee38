import { pageHref } from '../lib/workspace-route.ts';

/** The list with nothing in it: what to do next, for a new account or a search that found nothing. */
export function NoLinksYet({ canCreate, canImport }: { canCreate: boolean; canImport: boolean }) {
  const focusCreate = () => document.querySelector<HTMLInputElement>('input[name="redirect_url"]')?.focus();
  return (
    // A paragraph, not a heading: the page's only heading with "Links" in its name stays its title.
    <section class="empty-state" aria-labelledby="no-links-yet">
      <p class="empty-title" id="no-links-yet">
        No links yet
      </p>
      {canCreate ? (
        <>
          <p>Paste a long URL in the form above and press Shorten: your first short link appears here.</p>
          <p class="row">
            <button type="button" onClick={focusCreate}>
              Create a link
            </button>
            {canImport && (
              <a class="button secondary" href={pageHref('/import')}>
                Import from Bitly, YOURLS or Shlink
              </a>
            )}
          </p>
        </>
      ) : (
        <p>This workspace's links appear here once its members create some.</p>
      )}
    </section>
  );
}

/** A search or filter that matched nothing: says which, and offers to clear them. */
export function NoLinksMatch({ search, filters, onClear }: { search: string; filters: string[]; onClear: () => void }) {
  const what = [search ? `“${search}”` : '', ...filters].filter(Boolean).join(', ');
  return (
    <section class="empty-state" aria-labelledby="no-links-match">
      <p class="empty-title" id="no-links-match">
        No links match {what}
      </p>
      <p>Check the spelling, search for part of the address or code, or clear the filters to see every link.</p>
      <p>
        <button type="button" onClick={onClear}>
          Clear filters
        </button>
      </p>
    </section>
  );
}
