/**
 * Answers of the API. A 400 for a rule of the forms repeats the form's own words (the RuleFailure's
 * `message` from src/forms/rules.ts); the texts here cover what only the server checks.
 */
import { application, brochure, contact, demo } from '../../src/forms/definitions/index.ts';

/** The 200 answers: the very words each form shows on success (its definition's `success`). */
export const successMessages = {
  demo: demo.success.message,
  brochure: brochure.success.message,
  application: application.success.message,
  contact: contact.success.message,
} as const;

/** The message of a form's check against the content (its definition's `choices`). */
const choiceMessage = (form: typeof demo | typeof application): string => form.choices?.[0]?.message ?? '';

export const serverMessages = {
  unknownField: 'The form sent a field it does not have. Please reload the page and try again.',
  notText: 'Every field must be text. Please reload the page and try again.',
  controlCharacters: 'Please remove unusual characters (such as control characters) from your entry.',
  invisibleCharacters:
    'Your entry contains invisible characters (such as zero-width spaces, text-direction marks or line separators). Please type it again instead of pasting it.',
  lineBreak: 'Please keep this entry on one line (no line breaks).',
  unknownServiceType: choiceMessage(demo),
  unknownPosition: choiceMessage(application),
  cvMismatch: 'The file’s content does not match its extension. Please upload a real PDF, DOC or DOCX file.',
  badRequest: 'The request could not be read. Please reload the page and try again.',
  tooLarge: 'The request is too large.',
  unsupportedType: 'Unsupported content type: send JSON (or multipart form data for applications).',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  notFound: 'Not found.',
  methodNotAllowed: (methods: readonly string[]) =>
    `This address only takes ${methods.join(' or ')} requests.`,
  unavailable: 'The server is restarting. Please try again in a moment.',
  serverError: 'Something went wrong.',
} as const;
