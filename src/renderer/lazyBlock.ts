import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

/** A code-split block component that can also be loaded ahead of rendering (e.g. before hydration). */
export type LazyBlock<P> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Hydrated after the page rather than before it (see `lazyBlock`'s `defer`). */
  deferred: boolean;
};

/**
 * Wraps a block's dynamic import. Until its code is loaded the block suspends (React.lazy); once
 * loaded — by rendering or by `preload()` — it renders synchronously. That is what lets the client
 * hydrate a pre-rendered page in one pass after preloading its blocks, with nothing suspending.
 *
 * `defer: true` is for heavy blocks below the fold (forms, sliders): the browser does not load their
 * code before hydrating the page; they keep their pre-rendered HTML (React leaves a suspended
 * boundary as the server wrote it) and come alive as soon as their code arrives, just after.
 */
export function lazyBlock<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options: { defer?: boolean } = {},
): LazyBlock<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const once = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(once);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per block type at module load, never during render.
  const Block = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Block, { preload: once, deferred: options.defer === true });
}
