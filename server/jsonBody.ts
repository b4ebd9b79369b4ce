/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning checks), after a check that the
 * bytes are UTF-8. Decoding invalid bytes would silently store U+FFFD in their place; a 400 asks the
 * sender to try again instead.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './api/context.ts';

export const NOT_UTF8_MESSAGE =
  'The form sent text that is not valid UTF-8. Please reload the page and try again.';

export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(new HttpError(400, NOT_UTF8_MESSAGE), undefined);
    return parse(request, bytes.toString('utf8'), done);
  });
}
