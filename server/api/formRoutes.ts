/**
 * The API of the four forms, one generic route per form definition (src/forms/definitions/):
 * POST {basePath}{definition.path}. JSON forms have their body's shape validated by Fastify against
 * the JSON Schema derived from the definition; a multipart form (the application, with its CV)
 * gets the same validation of its text fields once they are read. Then the same steps for every
 * form: characters (fields.ts), the honeypot, the form's own rules (the very check the browser
 * runs), the values that must come from the content (service types, open positions), the file's
 * real type, and the insert. Nothing is stored unless everything is valid; 200 only after commit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FORM_DEFINITIONS,
  FORMS,
  type FormDefinition,
  sentFields,
} from '../../src/forms/definitions/index.ts';
import { checkForm, cvExtension, HONEYPOT_FIELD, messages } from '../../src/forms/rules.ts';
import { cvValues, type StoredValue } from '../storage/repository.ts';
import { bodySchema, bodyValidator, shapeError } from './bodySchema.ts';
import { type ApiContext, clientMeta, HttpError, ok, rateLimited, requireJson } from './context.ts';
import { cleanFileName, detectCvType } from './cv.ts';
import { cleanFields } from './fields.ts';
import { serverMessages } from './messages.ts';
import { readMultipart, requireMultipart, type UploadedFile } from './multipart.ts';

export function formRoutes(app: FastifyInstance, ctx: ApiContext): void {
  for (const name of FORMS) formRoute(app, ctx, FORM_DEFINITIONS[name]);
}

function formRoute(app: FastifyInstance, ctx: ApiContext, form: FormDefinition): void {
  const sent = sentFields(form);
  const keys = sent.map((f) => f.key);
  const multiline = sent.filter((f) => f.input === 'textarea').map((f) => f.key);
  const fileField = form.fields.find((f) => f.input === 'file')?.key;
  const validate = bodyValidator(form);
  const config = rateLimited(ctx.rateLimits[form.rateLimit], ctx.rateLimits.windowMs);

  /** Everything after the body is read: the same for every form. */
  const accept = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    file: UploadedFile | null,
  ) => {
    const { values, bot } = cleanFields(body, keys, multiline);
    if (bot) return ok(reply, form.success.message);
    const failure = checkForm(form.name, values, file && { name: file.filename, size: file.data.length });
    if (failure) throw new HttpError(400, failure.message);
    for (const choice of form.choices ?? [])
      if (!ctx.forms[choice.from].has(values[choice.field] ?? '')) throw new HttpError(400, choice.message);
    const stored: Record<string, StoredValue> = { ...values };
    if (fileField) Object.assign(stored, await checkedCv(file));
    await ctx.repo.add(form.name, stored, clientMeta(request));
    return ok(reply, form.success.message);
  };

  if (form.encoding === 'json') {
    app.post(
      form.path,
      {
        config,
        preValidation: requireJson,
        schema: { body: bodySchema(form) },
        validatorCompiler: () => validate,
        attachValidation: true,
      },
      async (request, reply) => {
        if (request.validationError) throw shapeError(request.validationError.validation);
        return accept(request, reply, request.body, null);
      },
    );
    return;
  }
  app.post(form.path, { config, preValidation: requireMultipart(keys.length) }, async (request, reply) => {
    const { raw, file } = await readMultipart(request, reply, fileField ?? '', keys.length);
    // A filled honeypot is answered before anything else is looked at (as the JSON forms do once
    // the shape is right): the bot learns nothing.
    if (raw[HONEYPOT_FIELD]?.trim()) return ok(reply, form.success.message);
    if (!validate(raw)) throw shapeError(validate.errors ?? []);
    return accept(request, reply, raw, file);
  });
}

/**
 * The CV by its content: refused unless its bytes are the PDF/DOC/DOCX its name says. What is
 * stored of it: the bytes, a cleaned copy of its name, the detected type, size and checksum.
 */
async function checkedCv(file: UploadedFile | null): Promise<Record<string, StoredValue>> {
  if (!file) throw new HttpError(400, messages.applicationMissing.message);
  const detected = await detectCvType(file.data);
  if (!detected) throw new HttpError(400, messages.cvType.message);
  if (detected !== cvExtension(file.filename)) throw new HttpError(400, serverMessages.cvMismatch);
  return cvValues({ name: cleanFileName(file.filename, detected), type: detected, data: file.data });
}
