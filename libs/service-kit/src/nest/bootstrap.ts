import path from 'node:path';
import { AddressInfo } from 'node:net';
import { DynamicModule, INestApplication, LoggerService, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { apiByService, EndpointSpec, serviceEntry } from '@app/contracts';
import { z } from 'zod';
import { SessionEndings } from '../auth/session-endings';
import { TokenVerifier } from '../auth/token-verifier';
import { BaseConfig, loadConfig } from '../config';
import { Database } from '../db/database';
import { EventBus } from '../events/event-bus';
import { JobRunner } from '../jobs/job-runner';
import { UserShares } from '../db/user-shares';
import { InProcessTransport } from '../events/in-process';
import { JetStreamTransport } from '../events/jetstream';
import { natsCredentialsOf } from '../events/nats-options';
import type { EventTransport } from '../events/transport';
import { EnvelopeExceptionFilter } from './exception.filter';
import { jsonBodies, requestLogging } from '../http/middleware';
import { answerClientErrors, errorShapeByPath } from '../http/envelope';
import { GATEWAY_PROOF_HEADER, gatewayHop, GatewayProof } from '../http/gateway-hop';
import { ServiceKitModule } from './kit.module';
import { createLogger, Logger } from '../logger';
import { EventBusServer } from './event-server';
import { runMain } from '../process';
import { registerDatabaseMetrics } from '../metrics/database';
import { registerEventMetrics } from '../metrics/events';
import { observeRequests } from '../metrics/http';
import { Metrics, startMetricsServer } from '../metrics/registry';
import { RouteTemplates } from '../metrics/route-templates';
import { routesOf } from './routes';

export interface ServiceDefinition<S extends z.ZodRawShape = z.ZodRawShape> {
  /** Also the default database schema and the prefix of its durable consumers. */
  name: string;
  module: Type<unknown> | DynamicModule;
  migrationsDir: string;
  /** Default: the registry's port for this name (libs/contracts/src/registry.ts). */
  defaultPort?: number;
  config?: S;
  /** Defaults for base variables (e.g. identity verifies its own tokens, so it names its own JWKS). */
  defaults?: Record<string, string>;
  /** Gauges of the service's own, read at each scrape (METRICS_PORT set). */
  metrics?: (metrics: Metrics, db: Database, logger: Logger) => void;
}

export interface RunningService<C = BaseConfig> {
  name: string;
  url: string;
  port: number;
  app: INestApplication;
  db: Database;
  events: EventBus;
  config: C;
  logger: Logger;
  /** Where Prometheus scrapes this service (METRICS_PORT set), else undefined. */
  metricsUrl?: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** A transport shared with other services in the same process; it is not closed with the service. */
  transport?: EventTransport;
}

const kitMigrations = path.join(__dirname, '..', '..', 'migrations');

class NestToPino implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown) {
    this.logger.debug({ nest: true }, String(message));
  }
  error(message: unknown, trace?: string) {
    this.logger.error({ nest: true, trace }, String(message));
  }
  warn(message: unknown) {
    this.logger.warn({ nest: true }, String(message));
  }
}

/**
 * Starts one service: configuration checked, migrations applied, events wired, HTTP listening,
 * consumers and outbox relay running. `close()` undoes it in reverse, letting requests finish.
 */
export async function startService<S extends z.ZodRawShape>(
  definition: ServiceDefinition<S>,
  env: Record<string, string | undefined> = process.env,
  options: StartOptions = {},
): Promise<RunningService<BaseConfig & z.infer<z.ZodObject<S>>>> {
  const config = loadConfig(env, definition.config, {
    PORT: String(definition.defaultPort ?? serviceEntry(definition.name)?.port ?? 0),
    DATABASE_SCHEMA: definition.name,
    ...definition.defaults,
  });
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const db = new Database({ url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA ?? definition.name, poolMax: config.DATABASE_POOL_MAX, logger });
  const cleanups: Cleanup[] = [{ step: 'database pool', run: () => db.close() }];
  try {
    const applied = await db.migrate([
      { label: 'kit', dir: kitMigrations },
      { label: definition.name, dir: definition.migrationsDir },
    ]);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');

    const transport =
      options.transport ??
      (config.EVENT_BUS === 'in-process'
        ? new InProcessTransport()
        : await JetStreamTransport.connect({
            url: config.NATS_URL!,
            credentials: natsCredentialsOf(config),
            prefix: config.EVENT_SUBJECT_PREFIX,
            name: definition.name,
            logger,
            produces: serviceEntry(definition.name)?.produces,
          }));
    if (!options.transport) cleanups.unshift({ step: 'event transport', run: () => transport.close() });
    const events = new EventBus({
      db,
      transport,
      logger,
      maxDeliveries: config.EVENT_MAX_DELIVERIES,
      relayMaxAttempts: config.EVENT_RELAY_MAX_ATTEMPTS,
      deduplicationDays: config.EVENT_DEDUPLICATION_DAYS,
    });
    const jobs = new JobRunner({ db, logger });
    jobs.define({
      name: 'processed-events-pruning',
      everyMs: 60 * 60_000,
      run: async () => {
        const pruned = await events.pruneProcessedEvents();
        if (pruned > 0) logger.info({ pruned, older_than_days: config.EVENT_DEDUPLICATION_DAYS }, 'processed events pruned');
      },
    });
    const shares = new UserShares(db, config.USER_REQUESTS_PER_SECOND, config.USER_REQUEST_BURST);
    jobs.define({ name: 'user-shares-sweep', everyMs: 10 * 60_000, run: () => shares.sweep() });
    const gatewayProof = config.GATEWAY_SECRET ? new GatewayProof(config.GATEWAY_SECRET) : undefined;
    if (!gatewayProof) {
      logger.warn(
        'GATEWAY_SECRET is not set: X-Forwarded-For is not believed, /internal/* refuses every caller, and identity refuses this service its revocation list',
      );
    }
    // Identity announces ended sessions on NATS: heard, they spare the verifier its fast poll of the list.
    const sessionEndings =
      config.EVENT_BUS === 'nats'
        ? new SessionEndings({
            url: config.NATS_URL!,
            credentials: natsCredentialsOf(config),
            prefix: config.EVENT_SUBJECT_PREFIX,
            name: definition.name,
            logger,
          })
        : undefined;
    if (sessionEndings) cleanups.unshift({ step: 'session endings', run: () => sessionEndings.close() });
    const verifier = new TokenVerifier({
      jwksUrl: config.AUTH_JWKS_URL,
      hs256Secret: config.SUPABASE_JWT_SECRET,
      issuer: config.AUTH_ISSUER,
      audience: config.AUTH_AUDIENCE,
      revocationsHeaders: gatewayProof && (() => ({ [GATEWAY_PROOF_HEADER]: gatewayProof.current() })),
      sessionEndings,
    });

    @Module({})
    class ServiceRoot {}
    const app = await NestFactory.create(
      { module: ServiceRoot, imports: [ServiceKitModule.forRoot({ config, logger, db, events, verifier, jobs, shares }), definition.module] },
      { bodyParser: false, logger: new NestToPino(logger), abortOnError: false },
    );
    const metrics = config.METRICS_PORT === undefined ? undefined : new Metrics(definition.name);
    app.use(observeRequests(new RouteTemplates(routesOf(definition.module).map((route) => route.path)), metrics?.requests));
    app.use(requestLogging(logger));
    app.use(gatewayHop(gatewayProof));
    const declared = (apiByService as Record<string, Record<string, EndpointSpec> | undefined>)[definition.name] ?? {};
    const formPaths = new Set(Object.values(declared).flatMap((e) => (e.formBody ? [e.path] : [])));
    app.use(jsonBodies(errorShapeByPath(Object.values(declared)), formPaths, Object.values(declared)));
    answerClientErrors(app.getHttpServer());
    app.useGlobalFilters(new EnvelopeExceptionFilter(logger));
    (app.getHttpAdapter().getInstance() as { disable(s: string): void }).disable('x-powered-by');
    // @EventPattern handlers are served by the EventBus: they become its durable consumers. The
    // app's filter (set above, inherited) hands their failures back to the bus as thrown.
    app.connectMicroservice({ strategy: new EventBusServer(events) }, { inheritAppConfig: true });
    await app.init();
    cleanups.unshift({ step: 'http server', run: () => app.close() });
    await app.startAllMicroservices();
    // Consumers and the relay run before /readyz can say ready.
    await events.start();
    cleanups.unshift({ step: 'event consumers and relay', run: () => events.stop() });
    // The jobs the modules declared while the app initialised.
    await jobs.start();
    cleanups.unshift({ step: 'jobs', run: () => jobs.stop() });
    await app.listen(config.PORT, config.HOST);

    let metricsUrl: string | undefined;
    if (metrics) {
      registerEventMetrics(metrics, events, logger);
      registerDatabaseMetrics(metrics, db);
      definition.metrics?.(metrics, db, logger);
      const server = await startMetricsServer(metrics, config.METRICS_PORT!, config.HOST);
      cleanups.unshift({ step: 'metrics server', run: () => server.close() });
      metricsUrl = server.url;
    }
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
    logger.info({ url, metrics: metricsUrl, events: transport.kind }, `${definition.name} listening`);
    let closing: Promise<void> | undefined;
    return {
      name: definition.name,
      url,
      port,
      app,
      db,
      events,
      config,
      logger,
      metricsUrl,
      close: () => (closing ??= runCleanups(definition.name, cleanups)),
    };
  } catch (err) {
    await runCleanups(definition.name, cleanups);
    throw err;
  }
}

/** One step of stopping a service, named for the warning a slow one gets. */
interface Cleanup {
  step: string;
  run: () => Promise<unknown>;
}

/** A step slower than this is named on standard error (even with logs silenced), while it runs. */
const SLOW_STOP_STEP_MS = 5_000;

async function runCleanups(service: string, cleanups: Cleanup[]): Promise<void> {
  for (const { step, run } of cleanups) {
    const slow = setTimeout(() => process.emitWarning(`${service}: stopping, the ${step} step has run over ${SLOW_STOP_STEP_MS / 1000} s`), SLOW_STOP_STEP_MS);
    slow.unref();
    await run().catch(() => undefined);
    clearTimeout(slow);
  }
}

export function runServiceMain(definition: ServiceDefinition): void {
  runMain(definition.name, () => startService(definition));
}
