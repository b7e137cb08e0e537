export * from './common';
export * from './errors';
export * from './events';
export * from './auth';
export * from './companies';
export * from './profile';
