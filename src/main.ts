import { ConfigError, configWarnings, loadConfig, type Config } from './config.ts';
import { buildApiApp } from './api/app.ts';
import { createAppContext } from './context.ts';
import { startEdge } from './edge/server.ts';
import { ensureDashboardBuilt } from './dashboard/assets.ts';
import { keepNextTickShapeAlive } from './edge/next-tick-shape.ts';
import { messageOf } from './core/errors.ts';
import { describeMail } from './mail/settings.ts';

/** Starts the API + dashboard on PORT and the short host on SHORT_PORT; stops gracefully. */
async function main(): Promise<void> {
  keepNextTickShapeAlive();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`hoplink: configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await ensureDashboardBuilt((message) => console.log(`hoplink: ${message}`));
  const ctx = await createAppContext(config);
  const api = await buildApiApp(ctx, { logger: true });
  for (const warning of configWarnings(config)) api.log.warn(warning);
  api.log.info(describeMail(config.mail));
  await api.listen({ port: config.port, host: config.host });
  const edge = await startEdge(ctx);
  api.log.info(`short host listening on ${edge.url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.log.info(`${signal} received, shutting down`);
    // A client that holds a response open (a download read slowly, or not at all) must not hold
    // the shutdown: responses under way get SHUTDOWN_GRACE_MS, then their connections close.
    const cutOff = setTimeout(() => {
      api.log.warn('shutdown grace over: closing the connections still open');
      edge.server.closeAllConnections();
      api.server.closeAllConnections();
    }, config.shutdownGraceMs);
    await edge.close();
    await api.close();
    clearTimeout(cutOff);
    try {
      await ctx.close();
    } catch (error) {
      // Accepted clicks or token times that could not be saved: say so, and exit non-zero.
      api.log.error(`shutdown incomplete: ${messageOf(error)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A cluster worker whose primary is gone (killed, crashed) shuts down instead of lingering.
  if (process.send) process.on('disconnect', () => void stop('primary gone'));
}

await main();
