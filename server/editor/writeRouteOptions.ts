/** What the content API hands each route that writes several files in one commit (move, put back). */
import type { FastifyReply } from 'fastify';
import type { ImageDeleteOptions } from './imageDelete.ts';

export type WriteRouteOptions = ImageDeleteOptions & {
  /** The request's file when it names a content file; otherwise answers 400 and gives undefined. */
  fileFrom: (reply: FastifyReply, file: unknown) => string | undefined;
};
