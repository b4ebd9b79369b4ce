// Guards the design system: colours and sizes come from src/styles/tokens.css, and layouts
// change only at the specification's three breakpoints (640, 768 and 1024px).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tokensFile = join(root, 'src', 'styles', 'tokens.css');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') && full !== tokensFile ? [full] : [];
  });
}

/** Each declaration or at-rule prelude with its file and line, comments removed. */
function cssLines(): { where: string; text: string }[] {
  return cssFiles(join(root, 'src')).flatMap((file) => {
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) =>
      comment.replace(/[^\n]/g, ' '),
    );
    return source.split('\n').map((text, index) => ({
      where: `${relative(root, file)}:${index + 1}`,
      text: text.trim(),
    }));
  });
}

// The visually-hidden idiom (a 1px clipped box) is a technique, not a design size.
const visuallyHidden = /^(width|height|margin):\s*-?1px;$/;
const breakpoints = new Set(['640px', '768px', '1024px', '639px', '767px', '1023px']);

describe('design tokens', () => {
  const lines = cssLines();

  it('finds the component stylesheets it guards', () => {
    expect(lines.length).toBeGreaterThan(500);
  });

  it('has no colour literal outside tokens.css', () => {
    const offenders = lines.filter(({ text }) => /#[0-9a-f]{3,8}\b|rgba?\(\s*\d|hsla?\(\s*\d/i.test(text));
    expect(offenders).toEqual([]);
  });

  it('has no pixel size outside tokens.css, except breakpoints and the visually-hidden idiom', () => {
    const offenders = lines.filter(
      ({ text }) => /\d+(\.\d+)?px/.test(text) && !text.startsWith('@media') && !visuallyHidden.test(text),
    );
    expect(offenders).toEqual([]);
  });

  it('changes layout only at the breakpoints of the specification', () => {
    const used = lines
      .filter(({ text }) => text.startsWith('@media'))
      .flatMap(({ where, text }) =>
        [...text.matchAll(/(\d+)px/g)].map((m) => ({ where, value: `${m[1]}px` })),
      );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter(({ value }) => !breakpoints.has(value))).toEqual([]);
  });
});
