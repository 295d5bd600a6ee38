import { useState } from 'preact/hooks';
import { ariaFor, fieldErrors, type FormErrors } from '../lib/errors.ts';
import { routeHref } from '../lib/hash-route.ts';
import { checkRange, PRESETS, rangeDays, rangeQuery, type RangeChoice } from '../lib/range.ts';
import { FieldError } from './field-error.tsx';

interface Props {
  /** The page's route, whose query keeps the range: the presets are links, so back and reload keep them. */
  path: string;
  query: URLSearchParams;
  range: RangeChoice;
  /** What the statistics request threw: a 422 on `from` or `to` shows at that field. */
  failure?: unknown;
}

/** Two days of the person's choosing; checked here first (from <= to, at most 366 days), then by the server. */
function CustomRange({ path, query, range, failure }: Props & { range: { from: string; to: string } }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  // Shown at once when the address itself holds a range the server would refuse.
  const [checked, setChecked] = useState(() => checkRange(range));
  const fe: FormErrors = { form: 'range', errors: { ...fieldErrors(failure), ...checked } };
  const apply = (event: Event) => {
    event.preventDefault();
    const errors = checkRange({ from, to });
    setChecked(errors);
    if (Object.keys(errors).length === 0)
      location.hash = routeHref(path, rangeQuery(query, { preset: 'custom', from, to }));
  };
  return (
    <form class="row fields custom-range" onSubmit={apply} aria-label="Custom range" noValidate>
      <div class="field">
        <label>
          From
          <input
            type="date"
            name="from"
            value={from}
            onInput={(e) => setFrom(e.currentTarget.value)}
            {...ariaFor(fe, 'from')}
          />
        </label>
        <FieldError fe={fe} at="from" />
      </div>
      <div class="field">
        <label>
          To
          <input
            type="date"
            name="to"
            value={to}
            onInput={(e) => setTo(e.currentTarget.value)}
            {...ariaFor(fe, 'to')}
          />
        </label>
        <FieldError fe={fe} at="to" />
      </div>
      <button type="submit" class="field-button">
        Apply
      </button>
    </form>
  );
}

/** The statistics' range: 7 days, 30 days, 90 days, 12 months or Custom, kept in the address. */
export function RangePicker(props: Props) {
  const { path, query, range } = props;
  return (
    <div class="range-picker">
      <nav class="presets" aria-label="Date range">
        {PRESETS.map((p) => (
          <a
            key={p.key}
            href={routeHref(path, rangeQuery(query, { preset: p.key }))}
            aria-current={range.preset === p.key ? 'true' : undefined}
          >
            {p.label}
          </a>
        ))}
        <a
          href={routeHref(path, rangeQuery(query, { preset: 'custom', ...rangeDays(range) }))}
          aria-current={range.preset === 'custom' ? 'true' : undefined}
        >
          Custom
        </a>
      </nav>
      {range.preset === 'custom' && <CustomRange key={`${range.from}/${range.to}`} {...props} range={range} />}
    </div>
  );
}
