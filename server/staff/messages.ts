/** What the staff API answers (shown as is in the staff app), and its cookie and header names. */
export const SESSION_COOKIE = 'triune_admin';
export const CSRF_HEADER = 'x-csrf-token';

export const adminMessages = {
  disabled:
    'The staff area is not enabled: set ADMIN_PASSWORD_HASH (or ADMIN_PASSWORD) on the server and restart it, or add an account with `npm run staff -- add`.',
  signIn: 'Please sign in.',
  wrongPassword: 'Wrong email or password.',
  csrf: 'The security token is missing or wrong. Please reload the page.',
  origin: 'Requests from another site are not accepted.',
  forbidden: 'Your account may not do this. Ask an administrator if you need it.',
  formForbidden: 'Your account may not see this form. Ask an administrator if you need it.',
  notFound: 'There is no such submission.',
  badRequest: 'The request could not be read.',
  tooManyLogins: 'Too many failed sign-ins. Please wait a few minutes and try again.',
  emailRequired: 'Please enter your email address.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode:
    'That code is not right. Type the 6 digits your authenticator app shows now, or a recovery code.',
  setUpTwoStep: 'Your role must use two-step sign-in: set it up first (Account, Two-step sign-in).',
} as const;
