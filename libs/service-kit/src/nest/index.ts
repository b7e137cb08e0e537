/** The NestJS adapter of the kit: how a service is started, guarded, validated and fed its events. */
export * from './auth.guard';
export * from './client-address';
export * from './exception.filter';
export * from './health.controller';
export * from './kit.module';
export * from './bootstrap';
export * from './endpoint';
export * from './routes';
export * from './event-server';
