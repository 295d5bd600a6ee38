import {
  CONDITION_TYPES,
  MAX_CONDITIONS,
  OPERATORS,
  VOCABULARIES,
  type ConditionType,
} from '../../../src/core/targeting.ts';
import { ariaFor, groupAria, pathsFrom, type FormErrors } from '../lib/errors.ts';
import type { Condition } from '../lib/types.ts';
import { FieldError } from './field-error.tsx';

type Operator = (typeof OPERATORS)[number];
const OPERATOR_LABELS: Record<Operator, string> = { in: 'one of', not_in: 'not one of' };

// Types with a closed vocabulary list it as the hint; the open ones (ISO codes) need an example instead.
const EXAMPLES: Record<Exclude<ConditionType, keyof typeof VOCABULARIES>, string> = {
  country: 'Two-letter country codes, e.g. US, GB',
  language: 'Two-letter language codes, e.g. en, fr',
};

function hasVocabulary(type: ConditionType): type is keyof typeof VOCABULARIES {
  return Object.hasOwn(VOCABULARIES, type);
}

const hint = (type: ConditionType) => (hasVocabulary(type) ? VOCABULARIES[type].join(', ') : EXAMPLES[type]);

interface Props {
  conditions: Condition[];
  onChange: (next: Condition[]) => void;
  /** A 422 names `conditions`, or a rule's field: `conditions.N.type`, `.operator`, `.values(.M)`, `.redirect_url`. */
  fe: FormErrors;
}

/** The paths of a 422 this editor shows at a field of its own. */
export const isConditionPath = (path: string) =>
  /^conditions(\.\d+(\.(type|operator|redirect_url|values(\.\d+)?))?)?$/.test(path);

/**
 * The targeting rules of a link, edited in place; the first rule that matches a visitor wins. Each
 * rule is a group named "Rule N", the name its errors use ("Rule 2: value 1 is not a valid country.").
 */
export function TargetingRules({ conditions, onChange, fe }: Props) {
  const set = (i: number, change: Partial<Condition>) =>
    onChange(conditions.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const add = () => onChange([...conditions, { type: 'country', operator: 'in', values: [], redirect_url: '' }]);
  return (
    <fieldset {...groupAria(fe, 'conditions')}>
      <legend>Targeting rules (first match wins)</legend>
      <FieldError fe={fe} at="conditions" />
      {conditions.map((c, i) => (
        <Rule
          key={i}
          index={i}
          condition={c}
          onChange={(change) => set(i, change)}
          onRemove={() => onChange(conditions.filter((_, j) => j !== i))}
          fe={fe}
        />
      ))}
      {conditions.length < MAX_CONDITIONS && (
        <button type="button" onClick={add}>
          Add a rule
        </button>
      )}
    </fieldset>
  );
}

interface RuleProps {
  index: number;
  condition: Condition;
  onChange: (change: Partial<Condition>) => void;
  onRemove: () => void;
  fe: FormErrors;
}

/** One rule: when (the condition), is (one of, not one of), its values, and where it sends. */
function Rule({ index, condition, onChange, onRemove, fe }: RuleProps) {
  const base = `conditions.${index}`;
  // One input holds every value, so it owns the messages about the list and about each value.
  const values = pathsFrom(fe, `${base}.values`);
  return (
    <fieldset class="condition" {...groupAria(fe, base)}>
      <legend>Rule {index + 1}</legend>
      <FieldError fe={fe} at={base} />
      <div class="row fields">
        {/* The select offers exactly CONDITION_TYPES and OPERATORS, so its value is one of them. */}
        <div class="field">
          <label>
            When
            <select
              value={condition.type}
              onChange={(e) => onChange({ type: e.currentTarget.value as ConditionType })}
              {...ariaFor(fe, `${base}.type`)}
            >
              {CONDITION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <FieldError fe={fe} at={`${base}.type`} />
        </div>
        <div class="field">
          <label>
            is
            <select
              value={condition.operator}
              onChange={(e) => onChange({ operator: e.currentTarget.value as Operator })}
              {...ariaFor(fe, `${base}.operator`)}
            >
              {OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {OPERATOR_LABELS[o]}
                </option>
              ))}
            </select>
          </label>
          <FieldError fe={fe} at={`${base}.operator`} />
        </div>
        <div class="field grow">
          <label>
            Values
            <input
              value={condition.values.join(', ')}
              placeholder={hint(condition.type)}
              onInput={(e) => onChange({ values: e.currentTarget.value.split(',').map((v) => v.trim()) })}
              {...ariaFor(fe, values)}
            />
          </label>
          <FieldError fe={fe} at={values} />
        </div>
        <div class="field grow">
          <label>
            Send to
            <input
              type="url"
              value={condition.redirect_url}
              onInput={(e) => onChange({ redirect_url: e.currentTarget.value })}
              {...ariaFor(fe, `${base}.redirect_url`)}
            />
          </label>
          <FieldError fe={fe} at={`${base}.redirect_url`} />
        </div>
        <button
          type="button"
          class="link-button field-button"
          aria-label={`Remove rule ${index + 1}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </fieldset>
  );
}
