import type { EventBus } from '../events/event-bus';
import type { Logger } from '../logger';
import { promClient } from './prom-client';
import type { Metrics } from './registry';

/**
 * The event pipeline as an operator watches it, read at each scrape: events recorded but not yet
 * published (the outbox backlog: grows while the broker is unreachable), and per durable consumer
 * the events not yet handled (lag) and those parked in the dead-letter stream. A source that
 * cannot be read leaves its series out of that scrape (and says why in the log) rather than
 * failing the whole scrape.
 */
export function registerEventMetrics(metrics: Metrics, events: EventBus, logger: Logger): void {
  const { Gauge } = promClient();
  const registers = [metrics.registry];
  // One read of the consumers per scrape: the registry collects both gauges at once.
  let reading: ReturnType<EventBus['consumerStates']> | undefined;
  const consumerStates = () => (reading ??= events.consumerStates().finally(() => (reading = undefined)));
  new Gauge({
    name: 'events_outbox_backlog',
    help: 'Events recorded in the outbox and not yet published to the broker',
    registers,
    async collect() {
      this.reset();
      try {
        this.set(await events.pendingCount());
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'outbox backlog could not be read');
      }
    },
  });
  new Gauge({
    name: 'events_consumer_lag',
    help: 'Events of the durable consumer not yet handled (waiting for delivery or acknowledgement)',
    labelNames: ['consumer'],
    registers,
    async collect() {
      this.reset();
      for (const consumer of await consumerStates()) if (consumer.lag !== undefined) this.set({ consumer: consumer.name }, consumer.lag);
    },
  });
  new Gauge({
    name: 'events_dead_letters',
    help: 'Events of the durable consumer parked in the dead-letter stream',
    labelNames: ['consumer'],
    registers,
    async collect() {
      this.reset();
      for (const consumer of await consumerStates()) {
        if (consumer.deadLetters !== undefined) this.set({ consumer: consumer.name }, consumer.deadLetters);
      }
    },
  });
}
