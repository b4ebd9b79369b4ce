/**
 * How long each form's submissions are kept, in months: what the privacy page (pages/privacy.yaml)
 * promises. Applications (and their CVs): RETENTION_MONTHS_APPLICATIONS, 12 by default, the period
 * `npm run submissions -- purge` uses too. Demo and brochure requests and chat messages: 24 months.
 */
import type { FormName } from '../storage/repository.ts';

export type RetentionPeriods = Record<FormName, number>;

/** The privacy page's promise for the forms other than applications. */
export const OTHER_FORMS_RETENTION_MONTHS = 24;

export function retentionPeriods(config: { retentionMonthsApplications: number }): RetentionPeriods {
  return {
    demo: OTHER_FORMS_RETENTION_MONTHS,
    brochure: OTHER_FORMS_RETENTION_MONTHS,
    application: config.retentionMonthsApplications,
    contact: OTHER_FORMS_RETENTION_MONTHS,
  };
}
