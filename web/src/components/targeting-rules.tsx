import {
  CONDITION_TYPES,
  MAX_CONDITIONS,
  OPERATORS,
  VOCABULARIES,
  type ConditionType,
} from '../../../src/core/targeting.ts';
import type { Condition } from '../lib/types.ts';

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
}

/** The targeting rules of a link, edited in place; the first rule that matches a visitor wins. */
export function TargetingRules({ conditions, onChange }: Props) {
  const set = (i: number, change: Partial<Condition>) =>
    onChange(conditions.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const add = () => onChange([...conditions, { type: 'country', operator: 'in', values: [], redirect_url: '' }]);
  return (
    <fieldset>
      <legend>Targeting rules (first match wins)</legend>
      {conditions.map((c, i) => (
        <div class="row condition" key={i}>
          {/* The select offers exactly CONDITION_TYPES and OPERATORS, so its value is one of them. */}
          <label>
            When{' '}
            <select value={c.type} onChange={(e) => set(i, { type: e.currentTarget.value as ConditionType })}>
              {CONDITION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <label>
            is{' '}
            <select value={c.operator} onChange={(e) => set(i, { operator: e.currentTarget.value as Operator })}>
              {OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {OPERATOR_LABELS[o]}
                </option>
              ))}
            </select>
          </label>
          <label class="grow">
            Values{' '}
            <input
              value={c.values.join(', ')}
              placeholder={hint(c.type)}
              onInput={(e) => set(i, { values: e.currentTarget.value.split(',').map((v) => v.trim()) })}
            />
          </label>
          <label class="grow">
            Send to{' '}
            <input type="url" value={c.redirect_url} onInput={(e) => set(i, { redirect_url: e.currentTarget.value })} />
          </label>
          <button type="button" class="link-button" onClick={() => onChange(conditions.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      {conditions.length < MAX_CONDITIONS && (
        <button type="button" onClick={add}>
          Add a rule
        </button>
      )}
    </fieldset>
  );
}
