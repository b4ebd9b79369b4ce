/**
 * The picture chooser of an image field: the site's pictures in a grid of readable tiles (the
 * file's name, its folder beneath), each on a checkered background so that white logos show;
 * a filter, an upload, and Delete for a picture no page names (after a confirmation; a picture in
 * use says which pages use it instead). Pictures are shown from the editor's address of each
 * (ContentApi.pictureUrl), so a picture uploaded a moment ago shows before it is published.
 */
import { type RefObject, useId, useRef, useState } from 'react';
import type { PictureUser } from '../../content/pictureUse.ts';
import styles from './content.module.css';
import type { EditorFormContext } from './formContext.ts';

export interface PictureDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Whether it is shown: the grid is drawn only then. */
  open: boolean;
  ctx: EditorFormContext | undefined;
  /** The picture the field has now (it is not offered for deletion). */
  current: string;
  onChoose: (path: string) => void;
  onClose: () => void;
}

/** "/images/services/iot/hero.png" -> the name and the folder, as the tile shows them. */
function nameAndFolder(path: string): { name: string; folder: string } {
  const at = path.lastIndexOf('/');
  return { name: path.slice(at + 1), folder: path.slice('/images/'.length, at) || 'images' };
}

function usedByText(users: readonly PictureUser[]): string {
  return `Used by ${users.map((u) => u.title).join(', ')}`;
}

export function PictureDialog({ dialogRef, open, ctx, current, onChoose, onClose }: PictureDialogProps) {
  const headingId = useId();
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const url = (path: string) => ctx?.pictureUrl?.(path) ?? path;
  const shown = (ctx?.images ?? []).filter((i) => i.path.toLowerCase().includes(filter.toLowerCase()));

  const askDelete = (path: string) => {
    setConfirming(path);
    setStatus(null);
    requestAnimationFrame(() => keepRef.current?.focus());
  };
  const remove = async (path: string) => {
    setConfirming(null);
    setStatus(`Deleting ${nameAndFolder(path).name}…`);
    try {
      await ctx?.deletePicture?.(path);
      setStatus(`Deleted ${nameAndFolder(path).name}. The history keeps it, should it be needed again.`);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
    }
    filterRef.current?.focus();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`${styles.dialog} ${styles.chooser}`}
      aria-labelledby={headingId}
      onClose={onClose}
    >
      <h2 id={headingId}>Choose a picture</h2>
      <div className={styles.chooserTools}>
        <label>
          Filter by name{' '}
          <input ref={filterRef} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <label>
          Upload a new picture{' '}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif,image/svg+xml"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file || !ctx) return;
              setStatus(`Uploading ${file.name}…`);
              try {
                const saved = await ctx.upload(file);
                setStatus(null);
                onChoose(saved.path);
              } catch (error) {
                setStatus(error instanceof Error ? error.message : String(error));
              }
            }}
          />
        </label>
      </div>
      <p role="status" className={styles.chooserStatus}>
        {status}
      </p>
      {confirming && (
        <fieldset className={styles.confirmDelete}>
          <legend>
            Delete the picture <strong>{nameAndFolder(confirming).name}</strong> from the site? No page uses
            it.
          </legend>
          <button type="button" className={styles.danger} onClick={() => void remove(confirming)}>
            Delete picture
          </button>{' '}
          <button
            ref={keepRef}
            type="button"
            className={styles.secondary}
            onClick={() => setConfirming(null)}
          >
            Keep it
          </button>
        </fieldset>
      )}
      <ul className={styles.imageGrid}>
        {(open ? shown.slice(0, 120) : []).map((image) => {
          const { name, folder } = nameAndFolder(image.path);
          const users = ctx?.pictureUsers?.(image.path) ?? [];
          return (
            <li key={image.path} className={styles.imageTile}>
              <button
                type="button"
                className={styles.imageChoice}
                onClick={() => onChoose(image.path)}
                aria-current={image.path === current}
              >
                <span className={styles.checkered}>
                  <img src={url(image.path)} alt="" loading="lazy" />
                </span>
                <span className={styles.imageName}>{name}</span>
                <span className={styles.imageFolder}>{folder}</span>
              </button>
              {users.length ? (
                <p className={styles.imageUse}>{usedByText(users)}</p>
              ) : image.path === current ? (
                <p className={styles.imageUse}>Chosen here</p>
              ) : (
                ctx?.deletePicture && (
                  <button type="button" className={styles.small} onClick={() => askDelete(image.path)}>
                    Delete<span className={styles.visuallyHidden}> {name}</span>
                  </button>
                )
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" className={styles.secondary} onClick={onClose}>
        Cancel
      </button>
    </dialog>
  );
}
