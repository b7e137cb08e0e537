import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded page that can also be loaded before the app's first render, and then renders at
 * once: React.lazy always suspends on its first render, which would replace the pre-rendered login
 * page with the loading screen for a moment. `preload()` is for before that first render only: a
 * page mounted lazily stays lazy (switching would remount it and lose what the user typed).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(load);
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, {
    preload: () =>
      load().then((module) => {
        loaded = module.default;
      }),
  });
}
