/**
 * `node libs/service-kit/dist/events/provision-streams.js`: creates or updates the event streams from
 * the registry, then exits (0 done, 1 failed). The Kubernetes job event-streams runs it from a
 * service image before the services it checks start; settings as provisionEventStreamsFromEnv reads them.
 */
import { provisionEventStreamsFromEnv } from './provisioning';

provisionEventStreamsFromEnv()
  .then((streams) => {
    for (const { stream, outcome, subjects, unusedConsumers } of streams) {
      process.stdout.write(`${stream}: ${outcome} (${subjects.join(', ')})\n`);
      if (unusedConsumers.length > 0)
        process.stdout.write(`${stream}: consumers no service uses (delete them once no older pod reads them): ${unusedConsumers.join(', ')}\n`);
    }
  })
  .catch((err: Error) => {
    process.stderr.write(`provisioning the event streams failed: ${err.message}\n`);
    process.exitCode = 1;
  });
