export * from './route-templates';
export * from './registry';
export * from './http';
export * from './events';
