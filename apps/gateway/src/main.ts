import { startTelemetryFromEnv, stopWhenParentExits } from '@app/service-kit';
import { startGateway } from './app';

/** The gateway process: start, stop gracefully on SIGTERM/SIGINT, die readably on bad config. */
startTelemetryFromEnv('gateway')
  .then(async (stopTelemetry) => {
    const gateway = await startGateway(process.env);
    const stop = (signal: string) => {
      gateway.logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      gateway
        .close(10_000)
        .then(() => stopTelemetry?.())
        .then(() => process.exit(0));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    stopWhenParentExits(stop);
  })
  .catch((err: Error) => {
    console.error(`gateway could not start: ${err.message}`);
    process.exit(1);
  });
