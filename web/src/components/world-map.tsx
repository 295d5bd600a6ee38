import { useEffect, useState } from 'preact/hooks';
import { countryName } from '../lib/names.ts';

type Shapes = typeof import('./world-shapes.ts');

/** Shading steps, lightest to darkest (classes shade-0..shade-5 in styles.css); 0 is no clicks. */
const STEPS = 5;

/**
 * Countries shaded by clicks. The map is a picture only (aria-hidden): the country table beside it
 * says the same in words. Its shapes (about 100 KB) load on first use, outside the main bundle.
 */
export function WorldMap({ rows }: { rows: Array<{ value: string; clicks: number }> }) {
  const [shapes, setShapes] = useState<Shapes>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./world-shapes.ts').then(
      (m) => live && setShapes(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <p class="muted">The map could not be loaded; the table has every country.</p>;
  if (!shapes) return <div class="world-map loading-map" aria-hidden="true" />;
  const clicks = new Map<string, { code: string; clicks: number }>();
  for (const r of rows) {
    const id = shapes.toNumeric(r.value);
    if (id) clicks.set(id, { code: r.value, clicks: r.clicks });
  }
  const max = Math.max(1, ...rows.filter((r) => r.value !== 'XX').map((r) => r.clicks));
  return (
    <svg class="world-map" viewBox={`0 0 ${shapes.WIDTH} ${shapes.HEIGHT}`} aria-hidden="true" data-testid="world-map">
      {shapes.SHAPES.map((s, i) => {
        const hit = s.id ? clicks.get(s.id) : undefined;
        const step = hit ? Math.max(1, Math.ceil((hit.clicks / max) * STEPS)) : 0;
        return (
          <path key={s.id ?? `x${i}`} d={s.d} class={`shade-${step}`} data-country={hit?.code}>
            <title>{hit ? `${countryName(hit.code)}: ${hit.clicks}` : s.name}</title>
          </path>
        );
      })}
    </svg>
  );
}
