/**
 * Every Content-Security-Policy violation the pages of a browser context report: the
 * `securitypolicyviolation` event (in every frame, the editor's preview too) and Chromium's console
 * error for it ("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed
 * source…"). A staff-page test that asserts the list is empty fails on any eval, inline script or
 * foreign source the page tries, even one whose failure the app would swallow (rjsf's default
 * validator, say, only warns when it cannot compile a schema).
 */
import type { BrowserContext, ConsoleMessage } from 'playwright-core';

const BINDING = 'reportCspViolationToTest';

/** Starts recording; call before the context opens its pages. The returned list fills as they run. */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding(BINDING, (_source, report: string) => {
    violations.push(report);
  });
  // Injected by the browser's debugging protocol, which no page policy applies to.
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)[binding];
        report?.(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      },
      { capture: true },
    );
  }, BINDING);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  };
  for (const page of context.pages()) page.on('console', onConsole);
  context.on('page', (page) => page.on('console', onConsole));
  return violations;
}
