/**
 * POST {base}/api/apply-position: a job application (multipart, with the CV). Limits are enforced
 * while the body streams in: one file of at most CV_MAX_BYTES (more is cut off and answered 413),
 * a few fields of bounded size. A body announced larger than any valid application is refused
 * before it is read. Nothing is stored unless everything is valid.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  API_PATHS,
  APPLICATION_TEXT_FIELDS,
  CV_MAX_BYTES,
  checkApplication,
  cvExtension,
  messages,
} from '../../src/forms/rules.ts';
import { type ApiContext, clientMeta, HttpError, ok, rateLimited } from './context.ts';
import { cleanFileName, detectCvType } from './cv.ts';
import { cleanFields, FieldError, HONEYPOT_FIELD } from './fields.ts';
import { serverMessages, successMessages } from './messages.ts';

export const APPLICATION_FIELDS = [...APPLICATION_TEXT_FIELDS, 'position'] as const;
/** Largest text field of an application, in bytes (a long cover letter fits). */
export const FIELD_MAX_BYTES = 32 * 1024;
/** Room for the text fields and multipart framing on top of the CV. */
const BODY_MAX_BYTES = CV_MAX_BYTES + (APPLICATION_FIELDS.length + 1) * FIELD_MAX_BYTES + 16 * 1024;

export const multipartLimits = {
  fileSize: CV_MAX_BYTES,
  files: 1,
  fields: APPLICATION_FIELDS.length + 1,
  parts: APPLICATION_FIELDS.length + 2,
  fieldSize: FIELD_MAX_BYTES,
  fieldNameSize: 64,
  headerPairs: 20,
};

/**
 * The CV's bytes, at most `fileSize` (CV_MAX_BYTES). Past it busboy passes no more bytes but would
 * go on parsing, and discarding, the rest of the upload to its very end before the stream ends (so
 * would part.toBuffer()): a 40 MB upload would be read whole before its 413. Destroying the stream
 * at the limit stops reading there; the 413 goes out at once and the connection is closed rather
 * than drained.
 */
async function readCv(file: Readable, reply: FastifyReply): Promise<Buffer> {
  file.once('limit', () => {
    reply.header('connection', 'close');
    file.destroy(new HttpError(413, messages.cvSize.message));
  });
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function applyPositionRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post(
    API_PATHS.application,
    {
      config: rateLimited(ctx.rateLimits.apply, ctx.rateLimits.windowMs),
      preValidation: async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, serverMessages.unsupportedType);
        const length = Number(request.headers['content-length']);
        if (length > BODY_MAX_BYTES) {
          // Refused before reading: close the connection instead of draining the upload.
          reply.header('connection', 'close');
          throw new HttpError(413, messages.cvSize.message);
        }
      },
    },
    async (request, reply) => {
      const raw: Record<string, string> = {};
      let cv: { filename: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts({ limits: multipartLimits })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'cv') throw new FieldError(serverMessages.unknownField);
            cv = { filename: part.filename ?? '', data: await readCv(part.file, reply) };
          } else {
            if (part.valueTruncated || part.fieldnameTruncated)
              throw new HttpError(413, serverMessages.tooLarge);
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
      if (HONEYPOT_FIELD in raw && raw[HONEYPOT_FIELD]?.trim()) return ok(reply, successMessages.application);
      const { values } = cleanFields(raw, APPLICATION_FIELDS, ['coverLetter']);
      const chosen = cv && (cv.filename !== '' || cv.data.length > 0) ? cv : null;
      const failure = checkApplication({
        ...values,
        cv: chosen ? { name: chosen.filename, size: chosen.data.length } : null,
      });
      if (failure) throw new HttpError(400, failure.message);
      if (!chosen) throw new HttpError(400, messages.applicationMissing.message);
      if (!ctx.forms.positions.has(values.position)) throw new HttpError(400, serverMessages.unknownPosition);
      const detected = await detectCvType(chosen.data);
      if (!detected) throw new HttpError(400, messages.cvType.message);
      if (detected !== cvExtension(chosen.filename)) throw new HttpError(400, serverMessages.cvMismatch);
      await ctx.repo.addApplication(
        {
          ...values,
          cv: { name: cleanFileName(chosen.filename, detected), type: detected, data: chosen.data },
        },
        clientMeta(request),
      );
      return ok(reply, successMessages.application);
    },
  );
}
