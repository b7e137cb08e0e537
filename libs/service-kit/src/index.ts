import 'reflect-metadata';

export * from './core';
export * from './nest';
