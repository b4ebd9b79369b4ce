// @vitest-environment node
import { application, brochure, demo } from '../../src/forms/definitions/index.ts';
import { bodySchema, bodyValidator, shapeError } from './bodySchema.ts';
import { serverMessages } from './messages.ts';

describe('bodySchema', () => {
  it('is an object of the text fields the visitor sends, and the honeypot, each a string', () => {
    // The demo form's fields today (a field added to its definition is added here by itself).
    expect(bodySchema(demo)).toMatchObject({
      type: 'object',
      properties: {
        name: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
        serviceType: { type: 'string' },
        query: { type: 'string' },
        website: { type: 'string' },
      },
      additionalProperties: false,
    });
    for (const property of Object.values(bodySchema(demo).properties))
      expect(property).toEqual({ type: 'string' });
    // Not the CV (a file part) nor what the server stores about it.
    expect(Object.keys(bodySchema(application).properties)).toEqual([
      'fullName',
      'email',
      'phone',
      'coverLetter',
      'position',
      'website',
    ]);
  });

  it.each([
    ['a list', ['a@b.co'], serverMessages.badRequest],
    ['null', null, serverMessages.badRequest],
    ['text', 'a@b.co', serverMessages.badRequest],
    ['an unknown field', { email: 'a@b.co', admin: true }, serverMessages.unknownField],
    ['a number', { email: 42 }, serverMessages.notText],
    ['an object', { email: { $ne: '' } }, serverMessages.notText],
    ['a non-text honeypot', { email: 'a@b.co', website: 1 }, serverMessages.notText],
  ])('refuses %s with the API’s own words, without coercing or dropping anything', (_, body, message) => {
    const validate = bodyValidator(brochure);
    const copy = structuredClone(body);
    expect(validate(body)).toBe(false);
    expect(body).toEqual(copy);
    expect(shapeError(validate.errors ?? []).message).toBe(message);
  });

  it('accepts a body of text fields, some missing (the rules then say which are required)', () => {
    expect(bodyValidator(demo)({ name: 'Asha', email: '' })).toBe(true);
  });
});
