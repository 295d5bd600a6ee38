import type { PreviewDraft } from '../../lib/link-controls.ts';

/** The host of a URL, or '' while it is not one yet. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * The card a social network shows for the short link: image, site, title, description. The image
 * is named, not loaded: the dashboard's Content-Security-Policy allows images of its own origin only.
 */
export function PreviewCard({ preview, destination }: { preview: PreviewDraft; destination: string }) {
  const image = preview.image ? hostOf(preview.image) || preview.image : '';
  return (
    <figure class="preview-card" data-testid="preview-card">
      <div class={`preview-image${image ? '' : ' empty'}`} aria-hidden="true">
        {image ? `Image from ${image}` : 'No image'}
      </div>
      <div class="preview-body">
        <span class="preview-site">{hostOf(destination) || 'example.com'}</span>
        <strong class="preview-title">{preview.title || 'The page’s own title'}</strong>
        {preview.description && <span class="preview-description">{preview.description}</span>}
      </div>
      <figcaption class="visually-hidden">How a social network shows the link when someone shares it.</figcaption>
    </figure>
  );
}
