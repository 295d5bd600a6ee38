import { useCallback, useEffect, useState } from 'preact/hooks';
import { formatError } from './errors.ts';

export interface Data<T> {
  data: T | undefined;
  error: string | undefined;
  /** What the last load threw, for pages that show a 422's field messages at their fields. */
  failure: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data for a component and again whenever `deps` change or `reload` is called. The last data stays
 * shown while a reload runs. A load that is replaced (new inputs, a reload, the component gone) has its
 * `signal` aborted, so its request is cancelled, and whatever it answers anyway is dropped. A null `load`
 * loads nothing: for data behind a feature the plan does not include.
 */
export function useData<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: readonly unknown[]): Data<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const [loading, setLoading] = useState(load !== null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (result) => {
        if (!live) return;
        setData(result);
        setError(undefined);
        setFailure(undefined);
        setLoading(false);
      },
      (thrown: unknown) => {
        if (!live) return;
        setError(formatError(thrown, 'summary'));
        setFailure(thrown);
        setLoading(false);
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, failure, loading, reload };
}
