import { useCallback, useEffect, useState } from 'preact/hooks';
import { formatError } from './errors.ts';

export interface Data<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data for a component and again whenever `deps` change or `reload` is called. The last data stays
 * shown while a reload runs, and answers arriving after the inputs changed are dropped. A null `load`
 * loads nothing: for data behind a feature the plan does not include.
 */
export function useData<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): Data<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(load !== null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setLoading(true);
    load().then(
      (result) => {
        if (!live) return;
        setData(result);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(formatError(failure, 'summary'));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
