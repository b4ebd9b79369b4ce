/**
 * What staff call each form and each stored field: the notification emails and the /admin inbox
 * (which receives these with its session) both read them here.
 */
import type { FormName } from './storage/repository.ts';

export const FORM_LABELS: Record<FormName, { one: string; many: string }> = {
  demo: { one: 'Demo request', many: 'Demo requests' },
  brochure: { one: 'Brochure request', many: 'Brochure requests' },
  application: { one: 'Job application', many: 'Job applications' },
  contact: { one: 'Contact message', many: 'Contact messages' },
};

export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  fullName: 'Full name',
  phone: 'Phone',
  mobileNumber: 'Mobile number',
  email: 'Email',
  serviceType: 'Service type',
  query: 'Query',
  message: 'Message',
  coverLetter: 'Cover letter',
  position: 'Position',
  cvName: 'CV file name (as uploaded)',
  cvType: 'CV type',
  cvSize: 'CV size (bytes)',
  cvSha256: 'CV SHA-256',
};
