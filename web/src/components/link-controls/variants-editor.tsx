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
        <VariantRow
          key={i}
          index={i}
          variant={v}
          share={shares[i]}
          onChange={(change) => set(i, change)}
          onRemove={variants.length > MIN_VARIANTS ? () => onChange(variants.filter((_, j) => j !== i)) : undefined}
          fe={fe}
        />
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

interface VariantRowProps {
  index: number;
  variant: VariantDraft;
  /** Its share of the visitors, in percent; undefined while a weight is not a number. */
  share: number | undefined;
  onChange: (change: Partial<VariantDraft>) => void;
  /** Undefined while the split has no variant to spare. */
  onRemove: (() => void) | undefined;
  fe: FormErrors;
}

/** One destination of the split: its URL, its weight and the share that gives it. */
function VariantRow({ index, variant, share, onChange, onRemove, fe }: VariantRowProps) {
  return (
    <div class="row fields variant">
      <div class="field grow">
        <label>
          Variant {index + 1} URL
          <input
            type="url"
            name={`variant_${index}_url`}
            required
            value={variant.url}
            onInput={(e) => onChange({ url: e.currentTarget.value })}
            {...ariaFor(fe, [`variants.${index}.url`, `variants.${index}`])}
          />
        </label>
        <FieldError fe={fe} at={[`variants.${index}.url`, `variants.${index}`]} />
      </div>
      <div class="field weight">
        <label>
          Variant {index + 1} weight
          <input
            type="number"
            name={`variant_${index}_weight`}
            required
            min={1}
            max={MAX_VARIANT_WEIGHT}
            step={1}
            value={variant.weight}
            onInput={(e) => onChange({ weight: e.currentTarget.value })}
            {...ariaFor(fe, `variants.${index}.weight`, `${fe.form}-variant-${index}-share`)}
          />
        </label>
        <FieldError fe={fe} at={`variants.${index}.weight`} />
      </div>
      <span class="share" id={`${fe.form}-variant-${index}-share`} data-testid="variant-share">
        {percent(share)}
        <span class="visually-hidden"> of visitors</span>
      </span>
      {onRemove && (
        <button type="button" class="link-button" aria-label={`Remove variant ${index + 1}`} onClick={onRemove}>
          Remove
        </button>
      )}
    </div>
  );
}
