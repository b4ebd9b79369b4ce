/**
 * What each form shows once the server has answered, or failed to (specification section 8). A
 * leaf module: the definitions take their success message from here, the forms their failures.
 */
export type DialogIcon = 'warning' | 'error' | 'success';

/** A dialog's words and icon. */
export interface DialogMessage {
  /** Dialog title, e.g. "Invalid Email". */
  title: string;
  /** Dialog text; also the server's 400 `message` when it is a rule's failure. */
  message: string;
  icon: DialogIcon;
}

/** The demo and application failures show the server's `message` field instead when it sends one. */
export const responses = {
  demoSuccess: { title: 'Success', message: 'Demo request sent successfully!', icon: 'success' },
  demoFailure: { title: 'Error!', message: 'Something went wrong.', icon: 'error' },
  brochureSuccess: {
    title: 'Success',
    message: 'Thanks! We’ll reach out with the brochure shortly.',
    icon: 'success',
  },
  brochureFailure: {
    title: 'Error',
    message: 'Something went wrong. Please try again later.',
    icon: 'error',
  },
  brochureNetwork: { title: 'Error', message: 'Unable to send request. Try again later.', icon: 'error' },
  applicationSuccess: { title: 'Success', message: 'Application submitted successfully!', icon: 'success' },
  applicationFailure: { title: 'Error', message: 'Something went wrong', icon: 'error' },
  contactSuccess: { title: 'Sent!', message: "Thanks! We'll get back soon.", icon: 'success' },
  contactFailure: { title: 'Error', message: 'Something went wrong. Try later.', icon: 'error' },
  contactNetwork: { title: 'Error', message: 'Unable to send your message.', icon: 'error' },
} as const satisfies Record<string, DialogMessage>;
