import { describe, expect, it } from 'vitest';
import { pictureUses, uploadFolderOf } from './pictureUse.ts';

describe('which files name a picture', () => {
  it('finds every value that is a picture address, with the page title or "Site settings"', () => {
    const uses = pictureUses([
      ['site.yaml', 'logo:\n  light: /images/brand/logo.svg\n'],
      [
        'pages/services/iot.yaml',
        'title: Telematics & IoT\n# /images/services/iot/old.png is only mentioned here\nblocks:\n  - background:\n      desktop: /images/services/iot/hero.png\n      mobile: /images/brand/logo.svg\n',
      ],
    ]);
    expect(uses.get('/images/brand/logo.svg')).toEqual([
      { file: 'site.yaml', title: 'Site settings' },
      { file: 'pages/services/iot.yaml', title: 'Telematics & IoT' },
    ]);
    expect(uses.get('/images/services/iot/hero.png')).toEqual([
      { file: 'pages/services/iot.yaml', title: 'Telematics & IoT' },
    ]);
    // A comment names nothing.
    expect(uses.get('/images/services/iot/old.png')).toBeUndefined();
  });

  it('counts every address written in a file it cannot read, so a used picture is never let go', () => {
    const uses = pictureUses([['pages/broken.yaml', 'title: [unclosed\nimage: /images/x/y.png\n']]);
    expect(uses.get('/images/x/y.png')).toEqual([{ file: 'pages/broken.yaml', title: 'pages/broken.yaml' }]);
  });
});

describe('where a page’s uploads go', () => {
  it('is the page’s own folder under public/images', () => {
    expect(uploadFolderOf('pages/services/iot.yaml')).toEqual({
      kind: 'services',
      page: 'iot',
      folder: 'public/images/services/iot',
    });
    expect(uploadFolderOf('pages/about.yaml').folder).toBe('public/images/pages/about');
    expect(uploadFolderOf('site.yaml').folder).toBe('public/images/brand/site');
  });
});
