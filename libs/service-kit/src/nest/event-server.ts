import { DynamicModule, Type } from '@nestjs/common';
import { BaseRpcContext, CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { PATTERN_EXTRAS_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { EventEnvelope, eventSchemas, EventType } from '@app/contracts';
import { lastValueFrom } from 'rxjs';
import type { Tx } from '../db/database';
import type { EventBus } from '../events/event-bus';
import { controllersOf, handlersOf } from './routes';

/** What an @EventPattern handler gets with @Ctx(): the transaction that records the event as processed, and its envelope. */
export class EventContext extends BaseRpcContext<[Tx, EventEnvelope]> {
  get tx(): Tx {
    return this.args[0];
  }
  get envelope(): EventEnvelope {
    return this.args[1];
  }
}

/** Extras every @EventPattern of a service must carry: `@EventPattern('identity.user.deleted', { durable: 'practice-erasure' })`. */
export interface EventPatternExtras {
  /** Durable consumer name, unique within the service: it survives restarts and keeps the position. */
  durable: string;
}

/**
 * The transport strategy behind a service's @EventPattern handlers: each becomes a durable consumer
 * of the kit's EventBus (JetStream or the in-process log), so outbox, idempotency, retries and
 * dead letters stay the kit's. Handlers run inside the transaction that marks the event processed:
 * use `ctx.tx` for every write, and a failure rolls both back and retries.
 */
export class EventBusServer extends Server implements CustomTransportStrategy {
  constructor(private readonly events: EventBus) {
    super();
  }

  listen(callback: () => void): void {
    for (const [pattern, head] of this.messageHandlers) {
      if (!(pattern in eventSchemas)) throw new Error(`@EventPattern('${pattern}') names no event of libs/contracts/src/events.ts`);
      for (let handler: MessageHandler | undefined = head; handler; handler = handler.next) {
        if (!handler.isEventHandler) throw new Error(`@MessagePattern('${pattern}'): services answer requests over HTTP; events only here`);
        const durable = (handler.extras as Partial<EventPatternExtras> | undefined)?.durable;
        if (!durable) throw new Error(`@EventPattern('${pattern}') needs { durable: '<name>' }`);
        const run = handler;
        this.events.on({
          name: durable,
          type: pattern as EventType,
          handle: async (data, tx, envelope) => {
            await lastValueFrom(this.transformToObservable(await run(data, new EventContext([tx, envelope]))), { defaultValue: undefined });
          },
        });
      }
    }
    callback();
  }

  close(): void {
    // The EventBus stops its consumers itself (startService's shutdown).
  }

  on(): never {
    throw new Error('EventBusServer has no transport events');
  }

  unwrap<T>(): T {
    return this.events as T;
  }
}

/** The events a service module handles (type and durable), read from its @EventPattern metadata without starting it. */
export function eventHandlersOf(root: Type<unknown> | DynamicModule): Array<{ type: string; durable?: string; handler: string }> {
  return controllersOf(root).flatMap((controller) =>
    handlersOf(controller).flatMap(([name, handler]) => {
      const extras = Reflect.getMetadata(PATTERN_EXTRAS_METADATA, handler) as Partial<EventPatternExtras> | undefined;
      return ((Reflect.getMetadata(PATTERN_METADATA, handler) as unknown[] | undefined) ?? []).map((pattern) => ({
        type: String(pattern),
        durable: extras?.durable,
        handler: `${controller.name}.${name}`,
      }));
    }),
  );
}
