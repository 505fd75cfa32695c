import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface Preloadable<P extends object> {
  /** Render this; it suspends (shows the nearest Suspense fallback) only while its module is loading. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the module now (idempotent); resolves when it can render without suspending. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` for a component that may be wanted before it is rendered: `preload()` fetches it at idle
 * or alongside something that will show it. One import serves both, so the chunk is requested and run
 * once. Once loaded, the lazy component's loader hands React an already-settled thenable, which React
 * reads at once: a component preloaded in time never shows its fallback, not even for a frame (a
 * resolved Promise would still make it suspend once, since Promise callbacks always run later).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Forgotten, so a later preload tries again (React.lazy keeps its own failure).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    if (loaded) return settled({ default: loaded });
    return start().then((component) => ({ default: component }));
  });
  return { Component, preload: () => start().then(() => undefined) };
}

/**
 * A thenable that calls back synchronously. React.lazy accepts any thenable and checks its state right
 * after subscribing, so a settled one renders in the same pass. Typed as a Promise only because React's
 * types ask for one; React uses nothing but `then`.
 */
function settled<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy consumes
    then(onFulfilled: (value: T) => unknown) {
      onFulfilled(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}
