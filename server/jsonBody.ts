/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning checks), after two checks on
 * the bytes. They must be UTF-8: decoding invalid bytes would silently store U+FFFD in their place;
 * a 400 asks the sender to try again instead. And they may nest at most JSON_DEPTH_MAX levels:
 * nothing the site sends comes near (a page's data is about 8 deep), while a body nested 1,000 deep
 * parses fine but overflows the stack of whatever walks it next (the editor's YAML writer did: a 500).
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './api/context.ts';

export const NOT_UTF8_MESSAGE =
  'The form sent text that is not valid UTF-8. Please reload the page and try again.';

export const JSON_DEPTH_MAX = 64;
export const TOO_DEEP_MESSAGE = `The request holds lists or groups nested more than ${JSON_DEPTH_MAX} levels deep, which nothing on this site sends. Please reload the page and try again.`;

const OPEN = new Set(['{', '[']);
const CLOSE = new Set(['}', ']']);

/** Whether JSON text nests deeper than `max` (brackets inside strings are text, not nesting). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (OPEN.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(c)) depth--;
  }
  return false;
}

export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(new HttpError(400, NOT_UTF8_MESSAGE), undefined);
    const text = bytes.toString('utf8');
    if (nestsDeeperThan(text, JSON_DEPTH_MAX)) return done(new HttpError(400, TOO_DEEP_MESSAGE), undefined);
    return parse(request, text, done);
  });
}
