/** Types of admin.js (plain browser JavaScript served as is). */
export function h(
  tag: string,
  props?: Record<string, unknown>,
  ...children: (Node | string | null | undefined | false)[]
): HTMLElement;

export interface InboxOptions {
  apiBase: string;
  fetch?: typeof fetch;
  confirm?: (message: string) => boolean;
}

export function startInbox(root: HTMLElement, options: InboxOptions): unknown;
