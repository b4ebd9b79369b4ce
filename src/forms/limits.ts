/**
 * How long each free-text field may be, in characters (a line break counts as one). A leaf module:
 * the definitions (src/forms/definitions/) take their fields' limits from here and the rules
 * (rules.ts) check them, so neither has to import the other's module to know a number.
 *
 * The inputs carry the same `maxLength`, so a browser never sends more and the rules reach these
 * limits only for requests that bypass the forms (the server checks them with the same functions).
 * The demo query (300) and the contact message (1000) keep the specification's own limits and
 * messages.
 */
export const FIELD_MAX_LENGTHS = {
  name: 100,
  fullName: 100,
  email: 254,
  phone: 20,
  position: 200,
  coverLetter: 5000,
} as const;
export type CappedField = keyof typeof FIELD_MAX_LENGTHS;

export const DEMO_QUERY_MAX = 300;
export const CONTACT_MESSAGE_MAX = 1000;
export const CONTACT_MOBILE_LENGTH = 10;
