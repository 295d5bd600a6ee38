import type { ControlsDraft } from './link-controls.ts';
import type { PageMetadataAnswer } from './types.ts';

/** The values a page look-up last put in the form: a field still holding its value is still ours to replace. */
export interface Prefilled {
  title: string;
  previewTitle: string;
  previewDescription: string;
  previewImage: string;
}

export const NOTHING_PREFILLED: Prefilled = { title: '', previewTitle: '', previewDescription: '', previewImage: '' };

/** Which fields the person's plan shows: the title (Pro) and the social preview (Business). */
export interface PrefillScope {
  title: boolean;
  preview: boolean;
}

/** What a page look-up would fill in, for the fields the plan shows; an http image is not (the API wants https). */
export function prefillFrom(page: PageMetadataAnswer, scope: PrefillScope): Prefilled {
  const image = page.image?.startsWith('https://') ? page.image : '';
  return {
    title: scope.title ? (page.title ?? '') : '',
    previewTitle: scope.preview ? (page.title ?? '') : '',
    previewDescription: scope.preview ? (page.description ?? '') : '',
    previewImage: scope.preview ? image : '',
  };
}

/**
 * The draft with a look-up's values filled in where the person has typed nothing of their own: a
 * field that is empty, or still holds what the previous look-up (`before`) put there.
 */
export function applyPrefill(draft: ControlsDraft, before: Prefilled, found: Prefilled): ControlsDraft {
  const take = (current: string, previous: string, next: string) =>
    current === '' || current === previous ? next : current;
  return {
    ...draft,
    title: take(draft.title, before.title, found.title),
    preview: {
      title: take(draft.preview.title, before.previewTitle, found.previewTitle),
      description: take(draft.preview.description, before.previewDescription, found.previewDescription),
      image: take(draft.preview.image, before.previewImage, found.previewImage),
    },
  };
}
