/**
 * The kit without a framework: what the Express gateway and the NestJS services both use.
 * Importing it loads no NestJS (the adapter is ./nest).
 */
export * from './config';
export * from './config-reference';
export * from './context';
export * from './logger';
export * from './errors';
export * from './validation';
export * from './db/database';
export * from './db/erased-accounts';
export * from './db/caps';
export * from './db/shared-limits';
export * from './db/user-shares';
export * from './db/service-roles';
export * from './events/transport';
export * from './events/event-bus';
export * from './events/jetstream';
export * from './events/provisioning';
export * from './events/nats-options';
export * from './events/in-process';
export * from './events/event-admin';
export * from './jobs/job-runner';
export * from './jobs/job-admin';
export * from './auth/token-verifier';
export * from './auth/session-endings';
export * from './audit/moderation-log';
export * from './http/cursor';
export * from './http/envelope';
export * from './http/gateway-hop';
export * from './http/middleware';
export * from './http/rate-limiter';
export * from './telemetry';
export * from './metrics';
export * from './process';
export * from './backoff';
export * from './sealed-token';
export * from './readiness';
