import { runMain } from '@app/service-kit/core';
import { startGateway } from './app';

/** The gateway process: in-flight requests get 10 s to finish on shutdown, the process 15 s in all. */
runMain(
  'gateway',
  async () => {
    const gateway = await startGateway(process.env);
    return { logger: gateway.logger, close: () => gateway.close(10_000) };
  },
  15_000,
);
