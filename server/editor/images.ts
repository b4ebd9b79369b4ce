/**
 * The editor's pictures. POST /images (multipart: kind, page, file) stores a picture at
 * public/images/<kind>/<page>/<safe-name>, records it in the history like a save (a commit by the
 * staff member, when the content folder is a git work tree) and answers 201 {path, width, height,
 * commit}. The type is judged by content (PNG, JPEG, WebP, AVIF, SVG), the size is at most 10 MB,
 * and an SVG is stored as svgSanitizer.ts wrote it out, or refused with its reason.
 * Nothing more is made here: like a picture added by hand, the build (Publish, or the dev
 * server) makes its AVIF/WebP variants once a page names it (scripts/build/imageVariants.ts).
 * GET and DELETE /images/<path>: imageServe.ts and imageDelete.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readImageSize } from '../../node/imageSizes.ts';
import { ContentPathError, refuseSymlinks } from './contentPath.ts';
import { safeImageName, sniffImage } from './imageCheck.ts';
import { type ImageDeleteOptions, registerImageDelete } from './imageDelete.ts';
import { registerImageServe } from './imageServe.ts';
import { sanitizeSvg } from './svgSanitizer.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const imageMessages = {
  notMultipart: 'Send the picture as a form upload (multipart/form-data) with fields kind, page and file.',
  missing: 'Choose a picture to upload.',
  badFolder:
    'The kind and page must be short names of lower-case letters, digits and dashes (like services and iot).',
  tooLarge:
    'The picture is larger than 10 MB. Make it smaller (a photo 2560 pixels wide is plenty) and try again.',
  notImage: 'This file is not a PNG, JPEG, WebP, AVIF or SVG picture.',
  noSize:
    'The size of this picture cannot be read. For an SVG, give the <svg> element width and height or a viewBox.',
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;

export async function registerImageRoutes(app: FastifyInstance, options: ImageDeleteOptions): Promise<void> {
  registerImageServe(app, options.contentDir);
  registerImageDelete(app, options);
  app.post('/images', async (request, reply) => {
    if (!request.isMultipart()) return reply.code(415).send({ message: imageMessages.notMultipart });
    const fields: Record<string, string> = {};
    let upload: { name: string; bytes: Buffer } | undefined;
    try {
      for await (const part of request.parts({
        limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 },
      })) {
        if (part.type === 'file') upload = { name: part.filename, bytes: await part.toBuffer() };
        else fields[part.fieldname] = String(part.value);
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        return reply.code(413).send({ message: imageMessages.tooLarge });
      throw error;
    }
    if (!upload?.bytes.length) return reply.code(400).send({ message: imageMessages.missing });
    const { kind = '', page = '' } = fields;
    if (!SLUG.test(kind) || !SLUG.test(page))
      return reply.code(400).send({ message: imageMessages.badFolder });
    const type = sniffImage(upload.bytes);
    if (!type) return reply.code(400).send({ message: imageMessages.notImage });
    let bytes = upload.bytes;
    if (type === 'svg') {
      const checked = sanitizeSvg(bytes.toString('utf8'));
      if ('problem' in checked) return reply.code(400).send({ message: checked.problem });
      bytes = Buffer.from(checked.svg, 'utf8');
    }

    const parts = ['public', 'images', kind, page];
    try {
      refuseSymlinks(options.contentDir, parts);
    } catch (error) {
      if (error instanceof ContentPathError) return reply.code(400).send({ message: error.message });
      throw error;
    }
    const dir = path.join(options.contentDir, ...parts);
    const wanted = safeImageName(upload.name || 'image', type);
    // In the write queue: the free name is chosen, written and committed before the next write.
    return options.locked(async () => {
      mkdirSync(dir, { recursive: true });
      let name = wanted;
      for (let n = 2; existsSync(path.join(dir, name)); n++) name = wanted.replace(/(\.[a-z]+)$/, `-${n}$1`);
      const temp = path.join(dir, `.${randomBytes(6).toString('hex')}-${name}`);
      writeFileSync(temp, bytes, { flag: 'wx' });
      const size = readImageSize(temp);
      if (!size) {
        rmSync(temp, { force: true });
        return reply.code(400).send({ message: imageMessages.noSize });
      }
      renameSync(temp, path.join(dir, name));
      const address = `/images/${kind}/${page}/${name}`;
      const commit = await options.history.commit(
        [...parts, name].join('/'),
        options.author(request),
        `Upload picture ${address}`,
      );
      return reply.code(201).send({ path: address, width: size[0], height: size[1], commit });
    });
  });
}
