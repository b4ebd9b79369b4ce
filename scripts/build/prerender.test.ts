// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { htmlFileFor, inlineStylesheets, lcpPreloads, withoutReactPreloads } from './prerender.ts';

describe('pre-render helpers', () => {
  it('writes each address to the file a static server finds', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/404')).toBe('404.html');
    expect(htmlFileFor('/services/iot')).toBe('services/iot/index.html');
  });

  it("preloads the page's priority picture, each variant only where it is used", () => {
    const html =
      '<main><picture><source media="(max-width: 767px)" srcSet="/m.svg"/><img src="/d.svg" fetchpriority="high"/></picture><img src="/late.svg" loading="lazy"/></main>';
    expect(
      lcpPreloads(html)
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual([
      '<link rel="preload" as="image" href="/m.svg" media="(max-width: 767px)" fetchpriority="high">',
      '<link rel="preload" as="image" href="/d.svg" media="not all and (max-width: 767px)" fetchpriority="high">',
    ]);
  });

  it('preloads a plain priority image and nothing when there is none', () => {
    expect(lcpPreloads('<img src="/a.svg" fetchpriority="high">')).toBe(
      '<link rel="preload" as="image" href="/a.svg" fetchpriority="high">',
    );
    expect(lcpPreloads('<img src="/a.svg" loading="lazy">')).toBe('');
  });

  it('preloads a photo offered as AVIF/WebP in its first modern format, with its srcset and sizes', () => {
    const html =
      '<picture><source type="image/avif" srcSet="/img/a-1-480.avif 480w, /img/a-1-960.avif 960w" sizes="100vw"/>' +
      '<source type="image/webp" srcSet="/img/a-1-480.webp 480w" sizes="100vw"/>' +
      '<img src="/a.png" fetchpriority="high"/></picture>';
    expect(lcpPreloads(html)).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/img/a-1-480.avif 480w, /img/a-1-960.avif 960w" imagesizes="100vw" fetchpriority="high">',
    );
  });

  it('preloads a photo with a phone variant once per screen, each in its first modern format', () => {
    const html =
      '<picture><source type="image/avif" srcSet="/img/m-480.avif 480w" sizes="100vw" media="(max-width: 767px)"/>' +
      '<source type="image/webp" srcSet="/img/m-480.webp 480w" sizes="100vw" media="(max-width: 767px)"/>' +
      '<source media="(max-width: 767px)" srcSet="/m.jpg"/>' +
      '<source type="image/avif" srcSet="/img/d-960.avif 960w" sizes="100vw"/>' +
      '<source type="image/webp" srcSet="/img/d-960.webp 960w" sizes="100vw"/>' +
      '<img src="/d.jpg" fetchpriority="high"/></picture>';
    expect(
      lcpPreloads(html)
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual([
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/img/m-480.avif 480w" imagesizes="100vw" media="(max-width: 767px)" fetchpriority="high">',
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/img/d-960.avif 960w" imagesizes="100vw" media="not all and (max-width: 767px)" fetchpriority="high">',
    ]);
  });

  it('drops the image preloads React writes into the page, and nothing else', () => {
    const html =
      '<link rel="preload" as="image" href="/images/brand/logo.svg"/><link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/>' +
      '<a class="skip-link" href="#main">Skip</a><img src="/images/brand/logo.svg" loading="eager"/>';
    expect(withoutReactPreloads(html)).toBe(
      '<a class="skip-link" href="#main">Skip</a><img src="/images/brand/logo.svg" loading="eager"/>',
    );
  });

  it("inlines each of the page's stylesheets once, in cascade order, and keeps each link, disabled, for Vite's loader", () => {
    const css: Record<string, string> = { '/assets/a.css': '.a{color:red}', '/assets/b.css': '.b{margin:0}' };
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/a.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/b.css"><link rel="icon" href="/favicon.svg">' +
      '<link rel="stylesheet" crossorigin href="/assets/a.css"></head>';
    const out = inlineStylesheets(html, (href) => css[href] ?? '');
    // a.css is linked twice: it is inlined once, where its last link was (that copy won the cascade).
    expect(out.match(/<style>[^<]*<\/style>/g)).toEqual([
      '<style>.b{margin:0}</style>',
      '<style>.a{color:red}</style>',
    ]);
    expect(out.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/b.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>',
    ]);
    expect(out).toContain('<link rel="icon" href="/favicon.svg">');
  });
});
