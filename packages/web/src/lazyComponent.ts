import { createElement, lazy, type ComponentType } from 'react';

/** Spec section 9: a screen's code that has not arrived after 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

export type LazyComponent<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component whose code loads on demand; `preload` fetches it ahead of its first render (the
 * module loads once either way). Once the code is here it draws straight away: React holds a
 * lazy component's content back for a moment after showing its fallback, and on a first load
 * with the frame and the screen each lazy, that cost two such moments before the screen showed.
 */
export function lazyComponent<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  type Module = { default: ComponentType<P> };
  const fetch = (): Promise<Module> =>
    (pending ??= Promise.race<Module>([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('screen load timed out')), CHUNK_TIMEOUT_MS)),
    ]).then(
      (module: Module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed load may be tried again (the next render or preload asks anew).
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(fetch);
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Component, { preload: fetch });
}
