import { type ComponentType, lazy, useState } from 'react';
import type { RememberingLoader } from './remembering-loader.ts';

/**
 * A component whose code loads on demand, drawn at once when its code is already here: React.lazy
 * alone suspends on its first render even then, and React holds a suspended screen back for a
 * while before it shows what arrived, which the opening screen (its code loaded as the app
 * started) would wait for. Each mounted instance keeps the way it started, so it never remounts.
 */
export function preloadable<P extends object>(
  loader: RememberingLoader<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Lazy = lazy(loader);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, as React.lazy is
  return function Preloadable(props: P) {
    const [Loaded] = useState(() => loader.loaded()?.default);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}
