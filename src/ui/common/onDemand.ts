// A component whose code is fetched on demand: it suspends (React.lazy) until its module is there,
// and once fetched (by `preload` or a first render) draws it directly, with no further suspension.
import { createElement, lazy, type ComponentType } from 'react';

export interface OnDemand<P extends object> {
  Component: ComponentType<P>;
  preload(): Promise<void>;
}

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (c) => {
        loaded = c;
      },
      (e: unknown) => {
        // A failed fetch (a network error) is tried again on the next render.
        pending = null;
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  // A suspended first mount is never committed: once fetched, the retry draws `loaded` itself.
  const Component = (p: P) => createElement(loaded ?? Lazy, p);
  return { Component, preload };
}
