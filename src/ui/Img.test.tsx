/**
 * <Img> and <ResponsiveImg> with a real photo (tests/fixtures/images/team.png, 600 x 400): the build's
 * AVIF/WebP variants offered in a <picture> with srcset and sizes, its intrinsic size on the <img>;
 * SVG artwork stays a plain <img>.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { readImageSizes } from '../../node/imageSizes.ts';
import { planVariants, srcsetsOf } from '../../scripts/build/imageVariants.ts';
import { loadContent } from '../../tests/support/content.tsx';
import { ContentProvider, type SiteContent } from '../renderer/ContentContext.tsx';
import { MOBILE_QUERY } from '../styles/breakpoints.ts';
import { DEFAULT_SIZES, Img, ResponsiveImg } from './Img.tsx';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/images');
const publicDir = mkdtempSync(path.join(tmpdir(), 'img-'));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));
mkdirSync(path.join(publicDir, 'images'));
copyFileSync(path.join(FIXTURES, 'team.png'), path.join(publicDir, 'images', 'team.png'));
copyFileSync(path.join(FIXTURES, 'tiny.jpg'), path.join(publicDir, 'images', 'tiny.jpg'));

const sizes = {
  ...readImageSizes(publicDir, ['/images/team.png', '/images/tiny.jpg']),
  '/images/art.svg': [800, 500] as [number, number],
};
const content: SiteContent = {
  ...loadContent(),
  imageSizes: sizes,
  imageVariants: srcsetsOf(planVariants(publicDir, sizes)),
};
const renderWith = (ui: ReactNode) => render(<ContentProvider value={content}>{ui}</ContentProvider>);

const attrs = (el: Element | null | undefined, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, el?.getAttribute(n) ?? null]));

describe('Img with a raster photo', () => {
  it('offers its AVIF and WebP variants with srcset and sizes, and keeps the PNG with its size as the fallback', () => {
    const { container } = renderWith(<Img src="/images/team.png" alt="Our team" />);
    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const [avif, webp] = Array.from(picture?.querySelectorAll('source') ?? []);
    expect(attrs(avif, ['type', 'sizes'])).toEqual({ type: 'image/avif', sizes: DEFAULT_SIZES });
    expect(avif?.getAttribute('srcset')).toMatch(
      /^\/img\/team-[0-9a-f]{8}-480\.avif 480w, \/img\/team-[0-9a-f]{8}-600\.avif 600w$/,
    );
    expect(attrs(webp, ['type', 'sizes'])).toEqual({ type: 'image/webp', sizes: DEFAULT_SIZES });
    expect(webp?.getAttribute('srcset')).toMatch(/-480\.webp 480w, .*-600\.webp 600w$/);
    expect(
      attrs(picture?.querySelector('img'), ['src', 'alt', 'width', 'height', 'loading', 'sizes']),
    ).toEqual({
      src: '/images/team.png',
      alt: 'Our team',
      width: '600',
      height: '400',
      loading: 'lazy',
      sizes: null,
    });
  });

  it('takes the width it is shown at from `sizes`, and a main picture is as wide as the screen', () => {
    const { container } = renderWith(
      <>
        <Img src="/images/team.png" alt="" sizes="(max-width: 767px) 100vw, 33vw" />
        <Img src="/images/tiny.jpg" alt="" priority />
      </>,
    );
    const [card, main] = Array.from(container.querySelectorAll('picture'));
    expect(card?.querySelector('source')?.getAttribute('sizes')).toBe('(max-width: 767px) 100vw, 33vw');
    expect(main?.querySelector('source')?.getAttribute('sizes')).toBe('100vw');
    expect(attrs(main?.querySelector('img'), ['loading', 'fetchpriority', 'width', 'height'])).toEqual({
      loading: 'eager',
      fetchpriority: 'high',
      width: '40',
      height: '30',
    });
  });

  it('leaves SVG artwork a plain <img> with its size', () => {
    const { container } = renderWith(<Img src="/images/art.svg" alt="Art" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(attrs(container.querySelector('img'), ['width', 'height'])).toEqual({
      width: '800',
      height: '500',
    });
  });

  it('gives a phone variant its own sources, first, for phones only', () => {
    const { container } = renderWith(
      <ResponsiveImg desktop="/images/team.png" mobile="/images/tiny.jpg" alt="" priority />,
    );
    const sources = Array.from(container.querySelectorAll('picture > source')).map((s) =>
      [
        s.getAttribute('media') ?? 'all',
        s.getAttribute('type') ?? 'original',
        s.getAttribute('sizes') ?? '',
      ].join(' | '),
    );
    expect(sources).toEqual([
      `${MOBILE_QUERY} | image/avif | 100vw`,
      `${MOBILE_QUERY} | image/webp | 100vw`,
      `${MOBILE_QUERY} | original | `,
      'all | image/avif | 100vw',
      'all | image/webp | 100vw',
    ]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/team.png');
  });
});
