import type { Logger } from './logger';
import { startTelemetryFromEnv } from './telemetry';

/**
 * Under a supervisor that sets STOP_WITH_PARENT=1 (the launcher), stop when that parent is gone,
 * so a killed `npm start` never leaves services holding its ports.
 */
export function stopWhenParentExits(stop: (reason: string) => void, env: Record<string, string | undefined> = process.env): void {
  if (env.STOP_WITH_PARENT !== '1') return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop('parent exited');
    }
  }, 1000);
  timer.unref();
}

/** What a process main runs: something with a logger that can be closed gracefully. */
export interface RunningProcess {
  logger: Logger;
  close(): Promise<void>;
}

/**
 * `main.ts` of a service or the gateway: tracing first (when configured), then `start`; stops
 * gracefully on SIGTERM/SIGINT or when the launcher is gone (forced after `forceExitMs`), and dies
 * readably on bad configuration.
 */
export function runMain(name: string, start: () => Promise<RunningProcess>, forceExitMs = 10_000): void {
  startTelemetryFromEnv(name)
    .then(async (stopTelemetry) => {
      const running = await start();
      const stop = (signal: string) => {
        running.logger.info({ signal }, 'shutting down');
        const force = setTimeout(() => process.exit(1), forceExitMs);
        force.unref();
        // Spans of the last requests are flushed after the server stopped taking new ones.
        running
          .close()
          .then(() => stopTelemetry?.())
          .then(
            () => process.exit(0),
            (err: unknown) => {
              running.logger.error({ err }, 'shutdown failed');
              process.exit(1);
            },
          );
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
      stopWhenParentExits(stop);
    })
    .catch((err: Error) => {
      console.error(`${name} could not start: ${err.message}`);
      process.exit(1);
    });
}
