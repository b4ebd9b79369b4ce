/**
 * What the picture chooser needs from an editor (formContext's picture fields), for a page or
 * for site settings: the site's pictures as the section holds them (kept in step with every upload
 * and deletion by ContentSection, so the validator and the preview know them at once), uploading
 * into the file's own folder, deleting, where each picture shows in the editor, and which files
 * name it (src/content/pictureUse.ts, the rule the server applies before it deletes).
 */
import { useMemo } from 'react';
import { type PictureUser, pictureUses, uploadFolderOf } from '../../content/pictureUse.ts';
import type { ContentApi, SiteFiles, SiteImage } from './api.ts';

export interface PictureChooser {
  images: readonly SiteImage[];
  upload: (file: File) => Promise<SiteImage>;
  deletePicture: (path: string) => Promise<void>;
  pictureUrl: (path: string) => string;
  pictureUsers: (path: string) => readonly PictureUser[];
}

export function usePictureChooser(site: SiteFiles, client: ContentApi, file: string): PictureChooser {
  // Read once the chooser first asks (every file is parsed), then kept until a file changes.
  const uses = useMemo(() => {
    let found: Map<string, PictureUser[]> | undefined;
    return () =>
      (found ??= pictureUses(Object.entries(site.files).map(([name, { text }]) => [name, text] as const)));
  }, [site.files]);
  return useMemo(() => {
    const { kind, page } = uploadFolderOf(file);
    return {
      images: site.images,
      upload: (image: File) => client.uploadImage(kind, page, image),
      deletePicture: (path: string) => client.deleteImage(path),
      pictureUrl: (path: string) => client.pictureUrl(path),
      pictureUsers: (path: string) => uses().get(path) ?? [],
    };
  }, [site.images, client, file, uses]);
}
