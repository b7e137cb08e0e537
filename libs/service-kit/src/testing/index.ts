export * from './infrastructure';
export * from './environment';
export * from './supabase';
export * from './events';
export * from './dashboard';
export * from './nats-server';
export * from './database-link';
export * from './metrics';
