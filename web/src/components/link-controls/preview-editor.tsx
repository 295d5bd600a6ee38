import { FieldError } from '../field-error.tsx';
import { ariaFor, type FormErrors } from '../../lib/errors.ts';
import { MAX_PREVIEW_DESCRIPTION, MAX_PREVIEW_TITLE, type PreviewDraft } from '../../lib/link-controls.ts';
import { PreviewCard } from './preview-card.tsx';

/** What link-preview crawlers get for the short link, with the card they would draw, live. */
export function PreviewEditor({
  preview,
  onChange,
  destination,
  fe,
}: {
  preview: PreviewDraft;
  onChange: (next: PreviewDraft) => void;
  destination: string;
  fe: FormErrors;
}) {
  const set = (change: Partial<PreviewDraft>) => onChange({ ...preview, ...change });
  return (
    <>
      <FieldError fe={fe} at="preview" />
      <div class="preview-editor">
        <div>
          <div class="field">
            <label>
              Preview title
              <input
                name="preview_title"
                maxLength={MAX_PREVIEW_TITLE}
                value={preview.title}
                onInput={(e) => set({ title: e.currentTarget.value })}
                {...ariaFor(fe, 'preview.title')}
              />
            </label>
            <FieldError fe={fe} at="preview.title" />
          </div>
          <div class="field">
            <label>
              Preview description
              <textarea
                name="preview_description"
                rows={3}
                maxLength={MAX_PREVIEW_DESCRIPTION}
                value={preview.description}
                onInput={(e) => set({ description: e.currentTarget.value })}
                {...ariaFor(fe, 'preview.description')}
              />
            </label>
            <FieldError fe={fe} at="preview.description" />
          </div>
          <div class="field">
            <label>
              Preview image URL (https)
              <input
                type="url"
                name="preview_image"
                placeholder="https://example.com/card.png"
                value={preview.image}
                onInput={(e) => set({ image: e.currentTarget.value })}
                {...ariaFor(fe, 'preview.image')}
              />
            </label>
            <FieldError fe={fe} at="preview.image" />
          </div>
        </div>
        <PreviewCard preview={preview} destination={destination} />
      </div>
    </>
  );
}
