/** What the custom widgets need from the editor, handed down through rjsf's formContext. */
import type { SiteImage } from './api.ts';

export interface EditorFormContext {
  /** The site's pictures, for the image picker. */
  images: readonly SiteImage[];
  /** Every address of the site (paths and aliases) and the page's anchors, for the link picker. */
  addresses: readonly { value: string; label: string }[];
  /** Uploads a picture for this page; resolves to its path. */
  upload: (file: File) => Promise<SiteImage>;
  /** Warnings by field id (rjsf ids), shown under their field without blocking Save. */
  warnings: ReadonlyMap<string, string[]>;
  /** Called when a field gets focus (the preview highlights its block). */
  onFieldFocus?: (id: string) => void;
}

export function contextOf(formContext: unknown): EditorFormContext {
  return formContext as EditorFormContext;
}
