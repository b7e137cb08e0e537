export * from './infrastructure';
export * from './environment';
