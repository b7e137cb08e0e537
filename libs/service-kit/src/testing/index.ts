export * from './infrastructure';
export * from './environment';
export * from './supabase';
export * from './events';
