import { type ComponentType, use } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: route components take whatever props their route gives them
type AnyComponent = ComponentType<any>;

export type PreloadablePage = AnyComponent & { preload(): Promise<void> };

/**
 * A page whose code loads on first render, like React.lazy, that can also be loaded ahead. Once
 * loaded it renders without suspending, so a prerendered page hydrates in one pass, with the state
 * its markup was made with, before the current-user read can change what it shows.
 */
export function preloadablePage(load: () => Promise<{ default: AnyComponent }>): PreloadablePage {
  let loaded: AnyComponent | undefined;
  let pending: Promise<AnyComponent> | undefined;
  const start = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return loaded;
    });
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, like React.lazy
  function Page(props: object) {
    const Component = loaded ?? use(start());
    return <Component {...props} />;
  }
  return Object.assign(Page, {
    preload: async () => {
      await start();
    },
  });
}
