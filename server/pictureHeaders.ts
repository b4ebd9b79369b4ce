/**
 * The headers of a picture the site serves from its upload folders (/images/…), published
 * (static.ts) or not yet (the editor's work-tree pictures, server/editor/imageServe.ts). An SVG is
 * a document that could hold script: its own policy lets it draw (inline styles, embedded
 * pictures) and nothing more, whatever the upload check let through, and the browser is told not to
 * guess another type from the bytes.
 */
import type { FastifyReply } from 'fastify';

export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export const PICTURE_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Sets the policy headers for `file` (a path or name ending in its extension). */
export function pictureHeaders(reply: FastifyReply, file: string): FastifyReply {
  reply.header('x-content-type-options', 'nosniff');
  if (/\.svg$/i.test(file)) reply.header('content-security-policy', SVG_POLICY);
  return reply;
}
