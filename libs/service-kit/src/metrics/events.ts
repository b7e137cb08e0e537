import type { EventBus } from '../events/event-bus';
import type { Logger } from '../logger';
import { promClient } from './prom-client';
import type { Metrics } from './registry';

/**
 * The event pipeline as an operator watches it, read at each scrape: events recorded but not yet
 * published (the outbox backlog: grows while the broker is unreachable), the oldest one's age (grows
 * while anything holds the relay up), rows parked after repeated refusals, and per durable consumer
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
  // One read of the outbox per scrape, for its three gauges.
  let outbox: Promise<Awaited<ReturnType<EventBus['outboxState']>> | undefined> | undefined;
  const outboxState = () =>
    (outbox ??= events
      .outboxState()
      .catch((err: Error) => {
        logger.warn({ err: err.message }, 'outbox backlog could not be read');
        return undefined;
      })
      .finally(() => (outbox = undefined)));
  const outboxGauge = (name: string, help: string, figure: (state: Awaited<ReturnType<EventBus['outboxState']>>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.reset();
        const state = await outboxState();
        if (state) this.set(figure(state));
      },
    });
  outboxGauge('events_outbox_backlog', 'Events recorded in the outbox and not yet published to the broker', (s) => s.backlog);
  outboxGauge('events_outbox_oldest_age_seconds', 'Age of the oldest event waiting in the outbox (0 when none waits)', (s) => s.oldestAgeSeconds);
  outboxGauge('events_outbox_parked', 'Events the broker refused on every attempt, parked in outbox_parked until an operator redrives them', (s) => s.parked);
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
