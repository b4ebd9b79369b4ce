import { describe, expect, it } from 'vitest';
import { sizesWithPictureAddresses, withPictureAddresses, withPictureChange } from './pictureAddresses.ts';

const url = (path: string) => `/backend/api/admin/content${path}`;

describe('the editor’s addresses of pictures', () => {
  it('replaces every picture address in page data, and nothing else', () => {
    const page = { title: 'IoT', blocks: [{ background: { desktop: '/images/a/b.png' }, link: '/about' }] };
    expect(withPictureAddresses(page, url)).toEqual({
      title: 'IoT',
      blocks: [{ background: { desktop: '/backend/api/admin/content/images/a/b.png' }, link: '/about' }],
    });
    expect(page.blocks[0]?.background.desktop).toBe('/images/a/b.png');
  });

  it('keeps each size under both addresses', () => {
    expect(sizesWithPictureAddresses({ '/images/a.png': [4, 3] }, url)).toEqual({
      '/images/a.png': [4, 3],
      '/backend/api/admin/content/images/a.png': [4, 3],
    });
  });

  it('adds an upload in address order and drops a deleted picture', () => {
    const images = [
      { path: '/images/a.png', width: 1, height: 1 },
      { path: '/images/c.png', width: 1, height: 1 },
    ];
    const added = withPictureChange(images, { added: { path: '/images/b.png', width: 2, height: 2 } });
    expect(added.map((i) => i.path)).toEqual(['/images/a.png', '/images/b.png', '/images/c.png']);
    expect(withPictureChange(added, { deleted: '/images/a.png' }).map((i) => i.path)).toEqual([
      '/images/b.png',
      '/images/c.png',
    ]);
  });
});
