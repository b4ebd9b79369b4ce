/** A stored ISO time in the reader's local time (the text as is when it is no time). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString();
}

/** A stored field value as text: never markup (React writes it as a text node). */
export const fieldText = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);
