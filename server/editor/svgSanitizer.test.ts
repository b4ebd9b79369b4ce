// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { REPO } from './editorTestSupport.ts';
import { cssProblem, sanitizeSvg } from './svgSanitizer.ts';

const PUBLIC = path.join(REPO, 'public');
const artwork = readdirSync(PUBLIC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.svg'))
  .sort();

/** Elements and attributes of an SVG as a browser reads it (XML), namespace declarations aside. */
const { window } = new JSDOM('');
function shape(text: string): string[] {
  const root = new window.DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  return [root, ...root.querySelectorAll('*')].map(
    (e) =>
      `${e.namespaceURI} ${e.localName} ${[...e.attributes]
        .filter((a) => !/^xmlns(:|$)/.test(a.name))
        .map((a) => `${a.namespaceURI}:${a.localName}=${a.value.replace(/\s+/g, ' ')}`)
        .sort()
        .join(' ')}`,
  );
}

describe('the SVG sanitizer', () => {
  it('passes every SVG of the site’s own artwork, keeping each element and attribute', () => {
    expect(artwork.length).toBeGreaterThan(100);
    for (const file of artwork) {
      const text = readFileSync(path.join(PUBLIC, file), 'utf8');
      const result = sanitizeSvg(text);
      expect('problem' in result ? result.problem : '', file).toBe('');
      if (!('svg' in result)) continue;
      expect(shape(result.svg), file).toEqual(shape(text));
    }
  }, 240_000);

  it('writes the root first, with its size, where the build reads it', () => {
    const result = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200"><circle r="4"/></svg>',
    );
    expect('svg' in result ? result.svg : '').toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 200">/,
    );
  });

  it('allows references inside the picture and embedded raster pictures only', () => {
    const ok = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 4"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)" width="4" height="4"/><use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><style><![CDATA[rect > circle { fill: url( "#g" ) }]]></style></svg>',
    );
    expect('problem' in ok ? ok.problem : '').toBe('');
    const svgInSvg = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>',
    );
    expect('problem' in svgInSvg ? svgInSvg.problem : '').toContain('refers to another file');
  });

  it('reads CSS strictly: escapes, imports and outside addresses are refused', () => {
    expect(cssProblem('fill: u\\72l(x)')).toContain('CSS escape');
    expect(cssProblem('@import "x.css";')).toContain('@import');
    expect(cssProblem('fill: URL(https://evil.example/a)')).toContain('elsewhere');
    expect(cssProblem('fill: -webkit-image-set("x.png" 1x)')).toContain('elsewhere');
    expect(cssProblem('fill: url(#a); stroke: #fff')).toBeUndefined();
  });

  it('says what is wrong with a file that is not well-formed', () => {
    const result = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"');
    expect('problem' in result ? result.problem : '').toMatch(/not well-formed XML \(.+\)/);
  });
});
