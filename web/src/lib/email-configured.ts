import { useEffect, useState } from 'preact/hooks';
import { getDashboardConfig } from './api.ts';

/**
 * Whether this instance sends email (SMTP_URL), asked once per page; undefined while asking, and
 * assumed when the question fails (a request that needs email then says so itself).
 */
export function useEmailConfigured(): boolean | undefined {
  const [configured, setConfigured] = useState<boolean>();
  useEffect(() => {
    getDashboardConfig().then(
      (config) => setConfigured(config.email_configured),
      () => setConfigured(true),
    );
  }, []);
  return configured;
}
