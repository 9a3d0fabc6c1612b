// The location hash as React state. useSyncExternalStore re-reads the hash after subscribing, so a
// hash change between the first render and the subscription (a quick click on a room link while the
// page is still starting) is never missed.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash;

export function useLocationHash(): string {
  return useSyncExternalStore(subscribe, readHash);
}
