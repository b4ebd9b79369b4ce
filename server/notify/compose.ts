/**
 * The notification email of one submission: plain text plus an HTML version in which every value a
 * visitor typed is escaped (no markup, links or images from a visitor reach the staff's mail client).
 */

import type { FieldDefinition } from '../../src/forms/definitions/index.ts';
import { FORM_DEFINITIONS } from '../../src/forms/definitions/index.ts';
import type { StoredCv, SubmissionRow } from '../storage/repository.ts';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Single line, no control characters, bounded: for headers such as the subject. */
function headerText(value: string, max = 80): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const t = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

const CV_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function cvContentType(type: string): string {
  return CV_TYPES[type] ?? 'application/octet-stream';
}

/**
 * The server-chosen name of a CV download or attachment: `cv-<id>-<applicant>.<ext>`, ASCII
 * letters, digits and dashes only (never the visitor's own file name).
 */
export function cvFileName(id: number, applicant: string, type: string): string {
  const slug = applicant
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  const ext = type in CV_TYPES ? type : 'bin';
  return `cv-${id}${slug ? `-${slug}` : ''}.${ext}`;
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** A field's value as text, by what its definition says it is ('' when the form has none). */
function fieldText(row: SubmissionRow, pick: (f: FieldDefinition) => boolean): string {
  const field = FORM_DEFINITIONS[row.form].fields.find(pick);
  const value = field && row.fields[field.key];
  return value === undefined ? '' : String(value);
}

/** Who the submission is from, for the subject line: the name typed, or else the email. */
const sender = (row: SubmissionRow): string =>
  fieldText(row, (f) => f.autocomplete === 'name') || fieldText(row, (f) => f.input === 'email');

export function composeMail(row: SubmissionRow, cv?: StoredCv, inboxUrl?: string): Mail {
  const form = FORM_DEFINITIONS[row.form];
  const title = form.labels.one;
  // The definition's fields in its order, those meant for the email (not the CV's checksum).
  const entries = form.fields
    .filter((f) => f.inbox.email !== false && f.key in row.fields)
    .map((f) => [f.label, row.fields[f.key]] as const);
  const subject = headerText(`${title} #${row.id}${sender(row) ? ` from ${sender(row)}` : ''}`, 120);
  const text = [
    `${title} #${row.id}, received ${row.createdAt}`,
    '',
    ...entries.map(([label, v]) => `${label}: ${String(v).replace(/\n/g, '\n  ')}`),
    '',
    ...(cv ? ['The CV is attached.'] : []),
    ...(inboxUrl ? [`Inbox: ${inboxUrl}`] : []),
  ].join('\n');
  const rows = entries
    .map(
      ([label, v]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(String(v))}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<h1 style="font-size:18px">${escapeHtml(`${title} #${row.id}`)}</h1>` +
    `<p>Received ${escapeHtml(row.createdAt)}</p><table>${rows}</table>` +
    (cv ? '<p>The CV is attached.</p>' : '') +
    (inboxUrl ? `<p>Inbox: ${escapeHtml(inboxUrl)}</p>` : '') +
    `</body></html>`;
  const email = fieldText(row, (f) => f.input === 'email') || undefined;
  return {
    subject,
    text,
    html,
    ...(email && { replyTo: email }),
    attachments: cv
      ? [
          {
            filename: cvFileName(
              row.id,
              fieldText(row, (f) => f.autocomplete === 'name'),
              cv.type,
            ),
            content: cv.data,
            contentType: cvContentType(cv.type),
          },
        ]
      : [],
  };
}
