/**
 * DELETE /images/<path> (behind the content API's guard): deletes a picture no page names, and
 * records the deletion in the history like a save. A picture that site.yaml or a page names is
 * kept, and the answer (409) says which pages use it; the editor's chooser reads the same
 * src/content/pictureUse.ts, so it offers Delete only where this agrees.
 */
import { existsSync, rmSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PictureUser, pictureUses, SITE_SETTINGS_FILE } from '../../src/content/pictureUse.ts';
import { ContentPathError } from './contentPath.ts';
import { listPageFiles, readContentFile } from './contentStore.ts';
import type { ContentHistory, Person } from './history.ts';
import { pictureFile } from './pictureFile.ts';

export const deleteMessages = {
  missing: (address: string) => `There is no picture ${address}; it may already have been deleted.`,
  used: (address: string, users: readonly PictureUser[]) =>
    `${address} is used by ${users.map((u) => `${u.title} (${u.file})`).join(', ')}. Choose another picture there first, then delete it.`,
};

export interface ImageDeleteOptions {
  contentDir: string;
  history: ContentHistory;
  author: (request: FastifyRequest) => Person;
  /** The content API's one-write-at-a-time queue: a save naming the picture cannot slip in between. */
  locked: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** Who names `address` now, read from the content folder. */
function usersOf(root: string, address: string): PictureUser[] {
  const files = [SITE_SETTINGS_FILE, ...listPageFiles(root)].flatMap((file) => {
    try {
      const text = readContentFile(root, file)?.text;
      return text === undefined ? [] : [[file, text] as const];
    } catch (error) {
      if (error instanceof ContentPathError) return []; // a link or an odd name: not read by the site either
      throw error;
    }
  });
  return pictureUses(files).get(address) ?? [];
}

export function registerImageDelete(app: FastifyInstance, options: ImageDeleteOptions): void {
  const root = options.contentDir;
  app.delete('/images/*', async (request, reply) => {
    let picture: ReturnType<typeof pictureFile>;
    try {
      picture = pictureFile(root, (request.params as { '*': string })['*']);
    } catch (error) {
      if (error instanceof ContentPathError) return reply.code(400).send({ message: error.message });
      throw error;
    }
    return options.locked(async () => {
      if (!existsSync(picture.absolute))
        return reply.code(404).send({ message: deleteMessages.missing(picture.address) });
      const users = usersOf(root, picture.address);
      if (users.length)
        return reply.code(409).send({ message: deleteMessages.used(picture.address, users), usedBy: users });
      rmSync(picture.absolute);
      const commit = await options.history.commit(
        picture.file,
        options.author(request),
        `Delete picture ${picture.address}`,
      );
      return { path: picture.address, commit };
    });
  });
}
