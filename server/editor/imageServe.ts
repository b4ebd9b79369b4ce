/**
 * GET /images/<path> (behind the content API's guard): a picture as it is in the content folder
 * now, for the editor's thumbnails, chooser and preview. The public site serves only the published
 * build's pictures (server/static.ts), so without this a picture uploaded a moment ago would show
 * as broken until the next Publish. Revalidated on every use (ETag), never stored by a shared cache.
 */
import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { PICTURE_TYPES, pictureHeaders } from '../pictureHeaders.ts';
import { ContentPathError } from './contentPath.ts';
import { pictureFile } from './pictureFile.ts';

export const serveMessages = {
  missing: (address: string) => `There is no picture ${address}; it may have been deleted by someone else.`,
};

export function registerImageServe(app: FastifyInstance, root: string): void {
  app.get('/images/*', async (request, reply) => {
    let picture: ReturnType<typeof pictureFile>;
    try {
      picture = pictureFile(root, (request.params as { '*': string })['*']);
    } catch (error) {
      if (error instanceof ContentPathError) return reply.code(400).send({ message: error.message });
      throw error;
    }
    const stat = (() => {
      try {
        return statSync(picture.absolute);
      } catch {
        return undefined;
      }
    })();
    if (!stat?.isFile()) return reply.code(404).send({ message: serveMessages.missing(picture.address) });
    const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const extension = picture.file.slice(picture.file.lastIndexOf('.') + 1).toLowerCase();
    pictureHeaders(reply, picture.file)
      .header('cache-control', 'private, no-cache')
      .header('etag', etag)
      .type(PICTURE_TYPES[extension] ?? 'application/octet-stream');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(readFileSync(picture.absolute));
  });
}
