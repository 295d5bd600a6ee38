import { FieldError } from '../field-error.tsx';
import { ariaFor, type FormErrors } from '../../lib/errors.ts';
import {
  MAX_VARIANT_WEIGHT,
  MAX_VARIANTS,
  MIN_VARIANTS,
  variantShares,
  type VariantDraft,
} from '../../lib/link-controls.ts';

const percent = (share: number | undefined) => (share === undefined ? '–' : `${Math.round(share * 10) / 10}%`);

/** The A/B split: 2 to 5 destinations with weights, each row showing its share of the visitors as it is typed. */
export function VariantsEditor({
  variants,
  onChange,
  destination,
  fe,
}: {
  variants: VariantDraft[];
  onChange: (next: VariantDraft[]) => void;
  destination: string;
  fe: FormErrors;
}) {
  const shares = variantShares(variants);
  const set = (i: number, change: Partial<VariantDraft>) =>
    onChange(variants.map((v, j) => (j === i ? { ...v, ...change } : v)));
  if (variants.length === 0)
    return (
      <>
        <FieldError fe={fe} at="variants" />
        <p class="hint">
          Send visitors to {MIN_VARIANTS} to {MAX_VARIANTS} destinations by weight; each visitor keeps getting the same
          one. Not with choice-page options.
        </p>
        <button
          type="button"
          onClick={() =>
            onChange([
              { url: destination, weight: '50' },
              { url: '', weight: '50' },
            ])
          }
        >
          Split traffic
        </button>
      </>
    );
  return (
    <>
      <FieldError fe={fe} at="variants" />
      <p class="hint">While the split is set, visitors go to these destinations instead of the destination URL.</p>
      {variants.map((v, i) => (
        <div class="row fields variant" key={i}>
          <div class="field grow">
            <label>
              Variant {i + 1} URL
              <input
                type="url"
                name={`variant_${i}_url`}
                required
                value={v.url}
                onInput={(e) => set(i, { url: e.currentTarget.value })}
                {...ariaFor(fe, [`variants.${i}.url`, `variants.${i}`])}
              />
            </label>
            <FieldError fe={fe} at={[`variants.${i}.url`, `variants.${i}`]} />
          </div>
          <div class="field weight">
            <label>
              Variant {i + 1} weight
              <input
                type="number"
                name={`variant_${i}_weight`}
                required
                min={1}
                max={MAX_VARIANT_WEIGHT}
                step={1}
                value={v.weight}
                onInput={(e) => set(i, { weight: e.currentTarget.value })}
                {...ariaFor(fe, `variants.${i}.weight`, `${fe.form}-variant-${i}-share`)}
              />
            </label>
            <FieldError fe={fe} at={`variants.${i}.weight`} />
          </div>
          <span class="share" id={`${fe.form}-variant-${i}-share`} data-testid="variant-share">
            {percent(shares[i])}
            <span class="visually-hidden"> of visitors</span>
          </span>
          {variants.length > MIN_VARIANTS && (
            <button
              type="button"
              class="link-button"
              aria-label={`Remove variant ${i + 1}`}
              onClick={() => onChange(variants.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          )}
        </div>
      ))}
      <p class="row">
        {variants.length < MAX_VARIANTS && (
          <button type="button" onClick={() => onChange([...variants, { url: '', weight: '50' }])}>
            Add a variant
          </button>
        )}
        <button type="button" class="link-button" onClick={() => onChange([])}>
          Remove the split
        </button>
      </p>
    </>
  );
}
