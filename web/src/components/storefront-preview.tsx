import { affiliatePrograms, programForHost, type TagsByProgram } from '../../../src/core/affiliate.ts';
import storefronts from '../../../src/core/amazon-storefronts.json' with { type: 'json' };
import { localiseDestination } from '../../../src/core/storefronts.ts';
import { listAffiliateTags } from '../lib/api.ts';
import { countryName } from '../lib/names.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';
import { pageHref } from '../lib/workspace-route.ts';

const STOREFRONTS: readonly [string, string][] = Object.entries(storefronts);
const AMAZON_HOSTS = new Set(STOREFRONTS.map(([, host]) => host));
const APPLE_HOSTS = new Set(['apps.apple.com', 'music.apple.com', 'books.apple.com']);
/** An Apple link's country segment changes for every country: a few examples say enough. */
const APPLE_EXAMPLES = ['US', 'GB', 'DE', 'JP', 'FR'];
/** Longer than this, the table starts folded away. */
const OPEN_UP_TO = 8;
/** A tag for every program: what localisation would do once every tag is there. */
const EVERY_TAG: TagsByProgram = new Map(affiliatePrograms.map((program) => [program.id, 'x']));

/** Whether the destination is an Amazon storefront's or an Apple link's: the only ones localisation touches. */
function storeOf(url: string): 'amazon' | 'apple' | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (APPLE_HOSTS.has(host)) return 'apple';
  for (let candidate = host; ; candidate = candidate.slice(candidate.indexOf('.') + 1)) {
    if (AMAZON_HOSTS.has(candidate)) return 'amazon';
    if (!candidate.includes('.')) return undefined;
  }
}

interface Row {
  country: string;
  /** Where this country's visitors go; undefined: the original URL. */
  url: string | undefined;
  /** The storefront whose tag is missing, when only that keeps these visitors on the original URL. */
  missingTag: string | undefined;
}

function rows(url: string, store: 'amazon' | 'apple', tags: TagsByProgram): Row[] {
  const countries = store === 'apple' ? APPLE_EXAMPLES : STOREFRONTS.map(([country]) => country);
  return countries.map((country) => {
    const localised = localiseDestination(url, country, tags);
    const withEveryTag = localised ? undefined : localiseDestination(url, country, EVERY_TAG);
    return { country, url: localised?.url, missingTag: withEveryTag?.storefront };
  });
}

interface Props {
  /** The link's main destination. */
  url: string;
  /** Whether storefront localisation is in effect for the link (its own choice, or the account default). */
  on: boolean;
}

/**
 * Where visitors from each country would go (Business): the short host's own `localiseDestination`
 * run in the browser over the storefronts' countries (or a few examples for an Apple link), with
 * the person's affiliate tags. Nothing at all for a destination localisation never touches; greyed,
 * with a note, while localisation is off for the link.
 */
export function StorefrontPreview({ url, on }: Props) {
  const store = storeOf(url);
  const tags = useData(store ? listAffiliateTags : null, [store]);
  if (!store) return null;
  const tagMap: TagsByProgram | undefined = tags.data
    ? new Map(tags.data.data.map((t) => [t.affiliate_program.id, t.tag]))
    : undefined;
  const list = tagMap ? rows(url, store, tagMap) : [];
  // An Amazon page that is neither a product nor a search (or an Apple URL without its country).
  const untouched = tagMap !== undefined && list.every((r) => !r.url && !r.missingTag);
  return (
    <section class={`card storefront-preview${on ? '' : ' off'}`} aria-labelledby="storefront-preview-heading">
      <h2 id="storefront-preview-heading">Storefront preview</h2>
      {!on && (
        <p class="muted" data-testid="storefront-preview-off">
          Localisation is off for this link, so every visitor goes to the original URL; this is what turning it on would
          do.
        </p>
      )}
      <ErrorMessage error={tags.error} />
      {!tagMap && !tags.error && <p class="muted">Loading…</p>}
      {untouched && (
        <p class="muted">
          {store === 'apple'
            ? 'This Apple link has no country in its path: every visitor goes to the original URL.'
            : 'This Amazon page is neither a product nor a search: every visitor goes to the original URL.'}
        </p>
      )}
      {tagMap && !untouched && (
        <details open={list.length <= OPEN_UP_TO}>
          <summary>
            {store === 'apple'
              ? `Visitors from ${list.length} example countries`
              : `Visitors from each of the ${list.length} countries with an Amazon storefront`}
          </summary>
          <table data-testid="storefront-preview">
            <thead>
              <tr>
                <th scope="col">Visitors from …</th>
                <th scope="col">go to …</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.country}>
                  <th scope="row">{countryName(r.country)}</th>
                  <td>
                    {r.url ? (
                      <code class="wrap">{r.url}</code>
                    ) : (
                      <>
                        <span class="muted">the original URL</span>
                        {r.missingTag && (
                          <>
                            {' — '}
                            <a href={pageHref('/affiliates')} title={programForHost(r.missingTag)?.name}>
                              add your tag for {r.missingTag}
                            </a>
                          </>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="muted">
            {store === 'apple'
              ? 'Every other country works the same way: its own code replaces the one in the path.'
              : 'Visitors from every other country go to the original URL.'}
          </p>
        </details>
      )}
    </section>
  );
}
