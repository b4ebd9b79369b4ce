/**
 * Reads a multipart form (the job application: text fields and one CV) with its limits enforced
 * while the body streams in: one file of at most CV_MAX_BYTES (more is cut off and answered 413),
 * a few fields of bounded size. A body announced larger than any valid submission is refused
 * before it is read.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CV_MAX_BYTES, messages } from '../../src/forms/rules.ts';
import { HttpError } from './context.ts';
import { FieldError } from './fields.ts';
import { serverMessages } from './messages.ts';

/** Largest text field of a multipart form, in bytes (a long cover letter fits). */
export const FIELD_MAX_BYTES = 32 * 1024;

/** The limits of a multipart form with `fieldCount` text fields (plus the honeypot) and one file. */
export function multipartLimits(fieldCount: number) {
  return {
    fileSize: CV_MAX_BYTES,
    files: 1,
    fields: fieldCount + 1,
    parts: fieldCount + 2,
    fieldSize: FIELD_MAX_BYTES,
    fieldNameSize: 64,
    headerPairs: 20,
  };
}

/** Room for the text fields and multipart framing on top of the file. */
const bodyMaxBytes = (fieldCount: number): number =>
  CV_MAX_BYTES + (fieldCount + 1) * FIELD_MAX_BYTES + 16 * 1024;

/** Refuses (415) a body that is not multipart, and (413) one announced larger than any valid one. */
export function requireMultipart(fieldCount: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.isMultipart()) throw new HttpError(415, serverMessages.unsupportedType);
    const length = Number(request.headers['content-length']);
    if (length > bodyMaxBytes(fieldCount)) {
      // Refused before reading: close the connection instead of draining the upload.
      reply.header('connection', 'close');
      throw new HttpError(413, messages.cvSize.message);
    }
  };
}

/**
 * The file's bytes, at most `fileSize` (CV_MAX_BYTES). Past it busboy passes no more bytes but would
 * go on parsing, and discarding, the rest of the upload to its very end before the stream ends (so
 * would part.toBuffer()): a 40 MB upload would be read whole before its 413. Destroying the stream
 * at the limit stops reading there; the 413 goes out at once and the connection is closed rather
 * than drained.
 */
async function readFile(file: Readable, reply: FastifyReply): Promise<Buffer> {
  file.once('limit', () => {
    reply.header('connection', 'close');
    file.destroy(new HttpError(413, messages.cvSize.message));
  });
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * The text fields (each at most once) and the file of the field called `fileField`, if any.
 * Another file field, or a repeated text field, is an unknown field.
 */
export async function readMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  fileField: string,
  fieldCount: number,
): Promise<{ raw: Record<string, string>; file: UploadedFile | null }> {
  const raw: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: multipartLimits(fieldCount) })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw new FieldError(serverMessages.unknownField);
        file = { filename: part.filename ?? '', data: await readFile(part.file, reply) };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, serverMessages.tooLarge);
        if (part.fieldname in raw) throw new FieldError(serverMessages.unknownField);
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // Limits (413) and our own refusals keep their status; anything else the multipart parser
    // throws (no boundary, truncated or garbled body) is the client's malformed request.
    if (error instanceof HttpError || error instanceof FieldError) throw error;
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new HttpError(400, serverMessages.badRequest);
  }
  // An empty file input sends a part with no name and no bytes: no file chosen.
  return { raw, file: file && (file.filename !== '' || file.data.length > 0) ? file : null };
}
