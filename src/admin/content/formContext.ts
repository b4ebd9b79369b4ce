/** What the custom widgets need from the editor, handed down through rjsf's formContext. */
import type { PictureUser } from '../../content/pictureUse.ts';
import type { SiteImage } from './api.ts';
import type { FieldChoiceProps } from './FieldChoice.tsx';

export interface EditorFormContext {
  /** The site's pictures, for the image picker. */
  images: readonly SiteImage[];
  /** Every address of the site (paths and aliases) and the page's anchors, for the link picker. */
  addresses: readonly { value: string; label: string }[];
  /** Uploads a picture for this page; resolves to its path. */
  upload: (file: File) => Promise<SiteImage>;
  /** Deletes a picture no file names (the server refuses one that is named). */
  deletePicture?: (path: string) => Promise<void>;
  /** Where the editor shows a picture (the content folder's copy, published or not). */
  pictureUrl?: (path: string) => string;
  /** The files that name a picture (usePictureChooser.ts). */
  pictureUsers?: (path: string) => readonly PictureUser[];
  /** Warnings by field id (rjsf ids), shown under their field without blocking Save. */
  warnings: ReadonlyMap<string, string[]>;
  /**
   * The choice of a conflict, shown beside its field, by field id. Data, not a function: rjsf's
   * fields re-render only when the form context's data changes (it compares functions as equal).
   */
  fieldChoices?: ReadonlyMap<string, FieldChoiceProps>;
  /** Called when a field gets focus (the preview highlights its block). */
  onFieldFocus?: (id: string) => void;
}

export function contextOf(formContext: unknown): EditorFormContext {
  return formContext as EditorFormContext;
}
