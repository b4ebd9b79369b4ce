/** The words of the two-step sign-in screens (one place, read by the screens and their tests). */
export const twoStepWords = {
  heading: 'Two-step sign-in',
  intro:
    'Two-step sign-in asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) after your password, so a stolen password alone does not open your account.',
  required: 'Your role must use two-step sign-in. Set it up now to continue.',
  start: 'Set up two-step sign-in',
  scan: 'Scan this QR code with your authenticator app.',
  qrLabel: 'QR code to add this account to an authenticator app',
  typeKey: 'Or type this key into the app:',
  codeLabel: '6-digit code from the app',
  turnOn: 'Turn on',
  savedHeading: 'Your recovery codes',
  savedIntro:
    'If you lose your phone, sign in with one of these codes instead of the app’s. Each works once. Save them somewhere safe now (a password manager, or printed): they are not shown again.',
  savedDone: 'I have saved them',
  on: 'Two-step sign-in is on.',
  codesLeft: (n: number) => `Recovery codes left: ${n}.`,
  off: 'Two-step sign-in is off.',
  turnOffLabel: 'Code from the app, or a recovery code',
  turnOff: 'Turn off two-step sign-in',
  requiredNote:
    'Your role must use it: if you turn it off, you set it up again at once (with a new phone, say).',
} as const;
