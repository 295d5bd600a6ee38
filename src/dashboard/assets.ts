import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DASHBOARD_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
const VITE_CONFIG = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

export function dashboardBuilt(): boolean {
  return existsSync(`${DASHBOARD_DIR}/index.html`);
}

/** `npm start` on a fresh checkout builds the dashboard once (what `npm run build` does). */
export async function ensureDashboardBuilt(log: (message: string) => void): Promise<void> {
  if (dashboardBuilt()) return;
  log('building the dashboard (first start)…');
  const { build } = await import('vite');
  await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
}
