import { cardImageSrc } from '../lib/api.ts';
import type { PageMetadataAnswer } from '../lib/types.ts';

/**
 * What the destination's page says about itself, as a social card: its image (relayed by the
 * dashboard's own origin), site, title and description.
 */
export function PageCard({ page }: { page: PageMetadataAnswer }) {
  const site = page.final_url ? new URL(page.final_url).host : '';
  return (
    <figure class="preview-card page-card" data-testid="page-card">
      {page.image && <img class="page-card-image" src={cardImageSrc(page.image)} alt="" />}
      <div class="preview-body">
        <span class="preview-site">{site}</span>
        <strong class="preview-title">{page.title ?? 'No title'}</strong>
        {page.description && <span class="preview-description">{page.description}</span>}
      </div>
      <figcaption class="visually-hidden">What the destination page says about itself.</figcaption>
    </figure>
  );
}
