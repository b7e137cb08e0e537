import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (zod and the schema, about 26 KB gzip) loads on the first check, or
 * earlier on `preload()`, instead of with the page: the login page paints without it.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> & { preload(): void } {
  let loaded: Promise<Resolver<T>> | undefined;
  const get = () => (loaded ??= load());
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}
