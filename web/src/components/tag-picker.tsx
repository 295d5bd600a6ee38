import { useState } from 'preact/hooks';
import { MAX_TAG_NAME_LENGTH, MAX_TAGS_PER_LINK, tagKey } from '../../../src/core/tags.ts';
import { listTags } from '../lib/api.ts';
import { useData } from '../lib/use-data.ts';

interface Props {
  /** The names chosen, in order. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** Tells each picker's input, list and hint apart on a page with two forms. */
  id: string;
  label?: string;
}

/**
 * Tags as you type: the workspace's tags are offered as the input's suggestions, and Enter or a
 * comma adds what is typed, a new tag the server then makes. Each chosen tag is a chip with a
 * remove button; Backspace in the empty input takes the last one off.
 */
export function TagPicker({ value, onChange, id, label = 'Tags' }: Props) {
  const known = useData(listTags, []);
  const [typed, setTyped] = useState('');
  const full = value.length >= MAX_TAGS_PER_LINK;
  const add = (raw: string) => {
    const names = raw
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const next = [...value];
    for (const name of names) {
      const existing = known.data?.data.find((tag) => tagKey(tag.name) === tagKey(name))?.name ?? name;
      if (!next.some((chosen) => tagKey(chosen) === tagKey(existing)) && next.length < MAX_TAGS_PER_LINK)
        next.push(existing);
    }
    onChange(next);
    setTyped('');
  };
  const remove = (name: string) => onChange(value.filter((chosen) => chosen !== name));
  return (
    <div class="field tag-picker">
      <label for={`${id}-input`}>{label}</label>
      {value.length > 0 && (
        <ul class="tag-chips" aria-label={`${label} chosen`}>
          {value.map((name) => (
            <li key={name} class="tag">
              {name}
              <button type="button" class="chip-remove" aria-label={`Remove tag ${name}`} onClick={() => remove(name)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-input`}
        name={`${id}_tags`}
        list={`${id}-known`}
        maxLength={MAX_TAG_NAME_LENGTH}
        placeholder={full ? `At most ${MAX_TAGS_PER_LINK} tags` : 'Type a tag, then Enter'}
        disabled={full}
        aria-describedby={`${id}-hint`}
        value={typed}
        onInput={(e) => {
          const text = e.currentTarget.value;
          if (text.includes(',')) add(text);
          else setTyped(text);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (typed.trim()) add(typed);
          } else if (e.key === 'Backspace' && typed === '' && value.length > 0) {
            remove(value[value.length - 1]!);
          }
        }}
        onBlur={() => typed.trim() && add(typed)}
      />
      <datalist id={`${id}-known`}>
        {(known.data?.data ?? []).map((tag) => (
          <option key={tag.id} value={tag.name} />
        ))}
      </datalist>
      <p class="hint" id={`${id}-hint`}>
        Pick one of your tags or type a new one; Enter or a comma adds it. Up to {MAX_TAGS_PER_LINK}.
      </p>
    </div>
  );
}
