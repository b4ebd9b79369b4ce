/**
 * Deferred blocks (lazyBlock's `defer`): hydrated from the pre-rendered HTML, their code loads only
 * when they come near the screen (IntersectionObserver, mocked here) or at the visitor's first
 * pointer/focus/key inside them, and nothing the visitor did before it arrived is lost.
 */
import { act } from '@testing-library/react';
import { type ComponentType, type FormEvent, startTransition, useEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LazyBlock, lazyBlock, NEAR_VIEWPORT_MARGIN, renderedAfter } from './lazyBlock.ts';

/** An IntersectionObserver the test drives. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Reports every observed element as `isIntersecting`. */
  report(isIntersecting: boolean) {
    this.callback(
      this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

interface FormProps {
  id: string;
  onSend?: (values: { name: string; email: string }) => void;
}

/**
 * A small controlled form, like the site's forms: its state lives in React, and once hydrated it
 * takes over what its fields already hold (as src/forms/fields.tsx does).
 */
function ContactForm({ id, onSend }: FormProps) {
  const [values, setValues] = useState({ name: '', email: '' });
  const [opened, setOpened] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = (name: string) => form.current?.querySelector<HTMLInputElement>(`[aria-label="${name}"]`);
    setValues({ name: field('name')?.value ?? '', email: field('email')?.value ?? '' });
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend?.(values);
  };
  return (
    <section id={id}>
      <form ref={form} onSubmit={submit}>
        <input
          aria-label="name"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
        <input
          aria-label="email"
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <button type="button" onClick={() => setOpened((n) => n + 1)}>
          more
        </button>
        <output>{`${values.name}|${values.email}|${opened}`}</output>
        <button type="submit">send</button>
      </form>
    </section>
  );
}

function Page({ Block, onSend }: { Block: LazyBlock<FormProps>; onSend?: FormProps['onSend'] }) {
  return (
    <main>
      <h1>Page</h1>
      <Block id="form" {...(onSend ? { onSend } : {})} />
    </main>
  );
}

/** A deferred block whose code arrives when the test says so. */
function controlledBlock() {
  let arrive: (m: { default: ComponentType<FormProps> }) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<{ default: ComponentType<FormProps> }>((resolve) => {
        arrive = resolve;
      }),
  );
  const Block = lazyBlock(load, { defer: true });
  return { Block, load, arrive: () => arrive({ default: ContactForm }) };
}

let container: HTMLElement;
let root: Root | undefined;
const recoverable = vi.fn();

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  recoverable.mockClear();
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The pre-rendered HTML (the server has every block's code), hydrated with `Block`. */
async function hydratePage(Block: LazyBlock<FormProps>, onSend?: FormProps['onSend']) {
  const serverBlock = lazyBlock(async () => ({ default: ContactForm }), { defer: true });
  await serverBlock.preload();
  const html = renderToString(<Page Block={serverBlock} />);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, <Page Block={Block} {...(onSend ? { onSend } : {})} />, {
      onRecoverableError: recoverable,
    });
  });
}

const output = () => container.querySelector('output')?.textContent;
const field = (name: string) => container.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement;
/** Typing as the browser does it without any script: the value changes, an input event fires. */
function typeNatively(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
async function arriveAndHydrate(arrive: () => void) {
  await act(async () => {
    arrive();
    await new Promise((r) => setTimeout(r, 0));
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('a deferred block', () => {
  it('keeps its pre-rendered HTML and loads no code until it comes near the screen', async () => {
    const { Block, load, arrive } = controlledBlock();
    const consoleError = vi.spyOn(console, 'error');
    await hydratePage(Block);

    expect(load).not.toHaveBeenCalled();
    expect(output()).toBe('||0');
    const observer = FakeObserver.all[0];
    expect(observer?.options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    expect(observer?.targets.map((t) => t.id)).toEqual(['form']);

    observer?.report(false);
    expect(load).not.toHaveBeenCalled();
    observer?.report(true);
    expect(load).toHaveBeenCalledTimes(1);

    await arriveAndHydrate(arrive);
    // Hydrated: React now handles its button.
    act(() => container.querySelector<HTMLButtonElement>('button[type="button"]')?.click());
    expect(output()).toBe('||1');
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('loads at the first focus, pointer or key inside it, and not for one elsewhere', async () => {
    for (const type of ['focusin', 'pointerdown', 'keydown', 'touchstart']) {
      const { Block, load } = controlledBlock();
      await hydratePage(Block);
      // (act: React answers such an event on content it has not hydrated by trying to hydrate it.)
      act(() => container.querySelector('h1')?.dispatchEvent(new Event(type, { bubbles: true })));
      expect(load, `${type} outside`).not.toHaveBeenCalled();
      act(() => field('name').dispatchEvent(new Event(type, { bubbles: true })));
      expect(load, `${type} inside`).toHaveBeenCalledTimes(1);
      act(() => root?.unmount());
      root = undefined;
      container.remove();
    }
  });

  it('holds a form submitted before its code arrived and sends it then, and repeats button presses', async () => {
    const { Block, load, arrive } = controlledBlock();
    const sent = vi.fn();
    await hydratePage(Block, sent);

    const submit = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      field('name').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      typeNatively(field('name'), 'Asha');
      typeNatively(field('email'), 'asha@example.com');
      container.querySelector<HTMLButtonElement>('button[type="button"]')?.click();
      // Enter in a field: the browser submits the form, which would load the page again.
      container.querySelector('form')?.dispatchEvent(submit);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).not.toHaveBeenCalled();

    await arriveAndHydrate(arrive);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(output()).toBe('Asha|asha@example.com|1');
    expect(sent).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com' });
    expect(field('name').value).toBe('Asha');

    // And React now owns both fields: typing into one keeps the other.
    act(() => {
      const email = field('email');
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(email, 'a@b.in');
      email.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(field('name').value).toBe('Asha');
    expect(output()).toBe('Asha|a@b.in|1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads at once when new props reach it while it waits (e.g. a client-side navigation)', async () => {
    const { Block, load, arrive } = controlledBlock();
    await hydratePage(Block);
    expect(load).not.toHaveBeenCalled();
    // New props for the waiting block, in a transition as the router sends a navigation: React
    // would wait for its code, so it must load now rather than when the visitor scrolls to it.
    await act(async () => {
      startTransition(() => root?.render(<Page Block={Block} onSend={() => undefined} />));
    });
    expect(load).toHaveBeenCalledTimes(1);
    await arriveAndHydrate(arrive);
    expect(output()).toBe('||0');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads at once when the visitor typed into it before the page hydrated', async () => {
    const { Block, load } = controlledBlock();
    const serverBlock = lazyBlock(async () => ({ default: ContactForm }), { defer: true });
    await serverBlock.preload();
    container = document.createElement('div');
    container.innerHTML = renderToString(<Page Block={serverBlock} />);
    document.body.append(container);
    // Typed while no script had run at all: no listener saw it.
    field('email').value = 'early@example.com';
    await act(async () => {
      root = hydrateRoot(container, <Page Block={Block} />, { onRecoverableError: recoverable });
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(FakeObserver.all[0]?.targets.length).toBe(1);
  });

  it('loads at once when rendered in the browser (no pre-rendered HTML to show meanwhile)', async () => {
    const { Block, load, arrive } = controlledBlock();
    container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      root = createRoot(container);
      root.render(<Page Block={Block} />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await arriveAndHydrate(arrive);
    expect(output()).toBe('||0');
  });

  it('renders at once, without waiting, when its code is already loaded', async () => {
    const Block = lazyBlock(async () => ({ default: ContactForm }), { defer: true });
    await Block.preload();
    const html = renderToString(<Page Block={Block} />);
    expect(html).toContain('<output>||0</output>');
    // No element of its own around the block: an inert marker before it.
    expect(html).toMatch(
      /<main><h1>Page<\/h1><template data-deferred-block=""><\/template><!--\$--><section id="form">/,
    );
  });

  it("finds its pre-rendered elements between its marker and the end of React's boundary", () => {
    const main = document.createElement('main');
    main.innerHTML =
      '<template data-deferred-block></template><!--$--><section id="a"><!--$--><div></div><!--/$--></section>' +
      '<!--$?--><p id="b"></p><!--/$--><aside id="c"></aside><!--/$--><footer id="after"></footer>';
    const marker = main.querySelector('template') as HTMLTemplateElement;
    expect(renderedAfter(marker).map((el) => el.id)).toEqual(['a', 'b', 'c']);
    main.innerHTML = '<template data-deferred-block></template><section></section>';
    expect(renderedAfter(main.querySelector('template') as HTMLTemplateElement)).toEqual([]);
  });
});
