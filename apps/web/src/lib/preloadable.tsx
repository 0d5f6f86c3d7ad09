import { lazy, type ComponentType } from 'react';

/**
 * A lazy component whose code can be fetched ahead (`preload`, e.g. when the browser is idle). Once
 * fetched, it renders in the same task as the tap that opens it; `React.lazy` would still wait for its
 * import to settle again, a frame or more later.
 */
export function preloadable<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): { Component: ComponentType<Props>; preload: () => Promise<unknown> } {
  let Loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Component(props: Props) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}
