import {
  type ComponentType,
  createContext,
  createElement,
  Fragment,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { closesSuspenseBoundary, opensSuspenseBoundary } from './reactPrivate.ts';

/** A code-split block component that can also be loaded ahead of rendering (e.g. before hydration). */
export type LazyBlock<P> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Loaded when first needed rather than before the page hydrates (see `lazyBlock`'s `defer`). */
  deferred: boolean;
};

/**
 * How far outside the screen a deferred block's code starts loading: one and a half screen heights
 * above or below it, so on a phone's connection it is ready by the time the visitor reaches it.
 */
export const NEAR_VIEWPORT_MARGIN = '150% 0px';

/** What shows the visitor is about to use a block: its code loads at once. */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** One deferred block on the page: resolved by its loaded code once it has hydrated. */
interface DeferredInstance {
  /** Resolves when the block has hydrated (its effects run after its hydration commits). */
  hydrated: Promise<void>;
  resolve: () => void;
}

const DeferredContext = createContext<DeferredInstance | null>(null);

function deferredInstance(): DeferredInstance {
  let resolve: () => void = () => undefined;
  const hydrated = new Promise<void>((r) => {
    resolve = r;
  });
  return { hydrated, resolve };
}

/**
 * Wraps a block's dynamic import. Until its code is loaded the block suspends (React.lazy); once
 * loaded — by rendering or by `preload()` — it renders synchronously. That is what lets the client
 * hydrate a pre-rendered page in one pass after preloading its blocks, with nothing suspending.
 *
 * `defer: true` is for heavy blocks below the fold (forms, sliders): the browser does not load their
 * code with the page. Their pre-rendered HTML stays as the server wrote it (React leaves a suspended
 * boundary dehydrated) and their code loads when first needed: when the block comes within
 * NEAR_VIEWPORT_MARGIN of the screen, or at the first pointer, touch, focus or key inside it,
 * whichever comes first. What a visitor did inside it meanwhile is kept (see `watchDeferred`).
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
  if (!options.defer) {
    // biome-ignore lint/correctness/noComponentHookFactories: called once per block type at module load, never during render.
    const Block = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
    return Object.assign(Block, { preload: once, deferred: false });
  }

  // The loaded block, telling its wrapper when it has hydrated.
  // biome-ignore lint/correctness/noComponentHookFactories: called once per block type at module load, never during render.
  const Signalled = (props: P) => {
    const instance = useContext(DeferredContext);
    useEffect(() => instance?.resolve(), [instance]);
    return createElement(loaded as ComponentType<P>, props);
  };
  // Resolves once `start()` was called (by watchDeferred, preload or React needing the block now).
  let requested: () => void = () => undefined;
  const request = new Promise<void>((resolve) => {
    requested = resolve;
  });
  const start = () => {
    requested();
    return once();
  };
  // The block until its code is there: suspended, so React keeps its pre-rendered HTML.
  const Gated = lazy(() => request.then(once).then(() => ({ default: Signalled })));

  // biome-ignore lint/correctness/noComponentHookFactories: called once per block type at module load, never during render.
  const Block = (props: P) => {
    // Chosen once per instance: switching component types later would throw its state away.
    const [Inner] = useState<ComponentType<P>>(() => loaded ?? Gated);
    const [instance] = useState(deferredInstance);
    const marker = useRef<HTMLTemplateElement>(null);
    const first = useRef(props);
    // A block still waiting for its code cannot take new props without it (React would wait for
    // the code, e.g. to complete a client-side navigation): an update loads it now.
    if (Inner === Gated && !loaded && changed(first.current, props)) void start();
    useEffect(() => {
      if (Inner !== Gated || loaded || !marker.current) return;
      return watchDeferred(renderedAfter(marker.current), start, instance.hydrated);
    }, [Inner, instance]);
    return createElement(
      Fragment,
      null,
      // An inert marker before the block (no box, no wrapper): where its pre-rendered HTML starts.
      createElement('template', { ref: marker, 'data-deferred-block': '' }),
      createElement(
        DeferredContext.Provider,
        { value: instance },
        createElement(Suspense, { fallback: null }, createElement(Inner, props)),
      ),
    );
  };
  return Object.assign(Block, { preload: start, deferred: true });
}

/**
 * The elements React rendered for the Suspense boundary right after `marker`: between its opening
 * comment and the matching closing one (React's private markers: reactPrivate.ts). None when the
 * block is not (or no longer) server-rendered HTML waiting to hydrate.
 */
export function renderedAfter(marker: Element): Element[] {
  const open = marker.nextSibling;
  if (!(open instanceof Comment) || !opensSuspenseBoundary(open)) return [];
  const found: Element[] = [];
  let depth = 1;
  for (let node = open.nextSibling; node; node = node.nextSibling) {
    if (node instanceof Comment) {
      if (closesSuspenseBoundary(node)) depth -= 1;
      else if (opensSuspenseBoundary(node)) depth += 1;
      if (depth === 0) break;
    } else if (node instanceof Element) found.push(node);
  }
  return found;
}

function changed(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].some((k) => x[k] !== y[k]);
}

/**
 * Watches a deferred block's pre-rendered HTML (`elements`) until its code has
 * loaded and it has hydrated (`hydrated`): starts `load` when the block comes near the screen or at
 * the visitor's first pointer, touch, focus or key inside it (at once if the visitor is already in
 * it or has typed into it before the page's code ran). Until it hydrates, the page's own
 * HTML works natively: a visitor can already type into a form (the form's fields take over what
 * they hold when they hydrate: src/forms/fields.tsx). What would otherwise be lost is kept here: a
 * form submitted early (Enter in a field, its button) is held, not sent by the browser as a page
 * load, and submitted once the block runs; presses of its plain buttons are repeated then. A
 * client-side navigation loads it too (React would wait for it to complete the navigation).
 * Listens on the document in the capture phase, because React stops those events at its root
 * while the block is not hydrated. Returns a function that stops watching.
 */
export function watchDeferred(
  elements: readonly Element[],
  load: () => Promise<unknown>,
  hydrated: Promise<void>,
): () => void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load();
  };
  const targets = [...elements];
  // Nothing pre-rendered to watch (the block is being rendered in the browser): it is needed now.
  if (targets.length === 0 || typeof IntersectionObserver !== 'function') {
    start();
    if (targets.length === 0) return () => undefined;
  }
  // Already in use before the page's own code ran (focused, typed into): needed now, wherever it is.
  if (targets.some(inUse)) start();
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
          rootMargin: NEAR_VIEWPORT_MARGIN,
        })
      : undefined;
  for (const target of targets) observer?.observe(target);

  const within = (node: Node) => targets.some((t) => t.contains(node));
  const inside = (e: Event): e is Event & { target: Element } =>
    e.target instanceof Element && within(e.target);
  const buttons: HTMLButtonElement[] = [];
  let submitted: HTMLFormElement | undefined;

  const onIntent = (e: Event) => inside(e) && start();
  const onClick = (e: Event) => {
    if (!inside(e)) return;
    start();
    const button = e.target.closest('button');
    if (button && button.type === 'button' && within(button)) buttons.push(button);
  };
  const onSubmit = (e: Event) => {
    if (!inside(e) || !(e.target instanceof HTMLFormElement)) return;
    // Without its code the form would be sent by the browser itself, as a page load.
    e.preventDefault();
    start();
    submitted = e.target;
  };
  // A client-side navigation reaches every block still waiting for its code, and React completes
  // it only once that code is there: load it now (the Navigation API, where the browser has it).
  const navigation = (window as Window & { navigation?: EventTarget }).navigation;
  const onNavigate = (e: Event) => {
    if ((e as Event & { destination?: { sameDocument?: boolean } }).destination?.sameDocument) start();
  };
  navigation?.addEventListener('navigate', onNavigate);
  const listeners: [string, (e: Event) => void][] = [
    ...INTENT_EVENTS.map((type): [string, (e: Event) => void] => [type, onIntent]),
    ['click', onClick],
    ['submit', onSubmit],
  ];
  for (const [type, fn] of listeners) document.addEventListener(type, fn, true);

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer?.disconnect();
    navigation?.removeEventListener('navigate', onNavigate);
    for (const [type, fn] of listeners) document.removeEventListener(type, fn, true);
  };
  void hydrated.then(async () => {
    if (stopped) return;
    stop();
    // Each after React has applied what came before (the fields adopting what they hold, the
    // previous press): a handler reads the block's state.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const settle = () => tick().then(tick);
    await settle();
    for (const button of buttons) {
      if (button.isConnected) button.click();
      await settle();
    }
    if (submitted?.isConnected) submitted.requestSubmit();
  });
  return stop;
}

/** Whether the visitor is in `root` or has changed one of its fields (before any script ran). */
export function inUse(root: Element): boolean {
  if (document.activeElement && root.contains(document.activeElement)) return true;
  return Array.from(root.querySelectorAll('input, textarea, select')).some((field) => {
    if (field instanceof HTMLSelectElement)
      return Array.from(field.options).some((o) => o.selected !== o.defaultSelected);
    if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
    if (!(field instanceof HTMLInputElement)) return false;
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
    if (field.type === 'file') return (field.files?.length ?? 0) > 0;
    return field.value !== field.defaultValue;
  });
}
