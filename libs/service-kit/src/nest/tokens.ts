/** Injection tokens for what is not a class (apart from kit.module, so its controllers can name them without an import cycle). */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('LOGGER');
