/*
 * Guards the design system: every colour, size and duration a stylesheet uses is a token of
 * src/styles/tokens.css, and layouts change only at the specification's three breakpoints.
 *
 * The rules, for every .css file under src/ other than tokens.css and the staff area (src/admin/:
 * a tool for staff with its own look, never shown to visitors, so not bound to the public design):
 *  1. Colours. No colour literal: no #hex, no rgb()/hsl() with numbers (channels from a token, as in
 *     rgb(var(--rgb-ink) / 0.6), are fine), no named colour (white, black, red, ...). `transparent`,
 *     `currentColor` and `inherit` are keywords, not colours, and stay allowed.
 *  2. Sizes. A length with a fixed unit is a design decision, so it is a token:
 *     - px: none, except in media queries (the breakpoints) and the visually-hidden idiom (1px);
 *     - rem: none at all;
 *     - em: only where it is a proportion of the text itself (letter-spacing, word-spacing,
 *       text-indent, text-underline-offset, text-decoration-thickness), or exactly 1em (the font
 *       size itself, e.g. calc(2 * var(--line-height-tight) * 1em): the token is the factor).
 *     Fluid units (%, vw, vh, svh, fr) and ch (a line length counted in the text's own characters)
 *     are proportions, not magic numbers, and stay allowed; so do unitless numbers and 0.
 *  3. Durations. No ms or s literal except 0, and the reduced-motion reset's 0.01ms (inside
 *     @media (prefers-reduced-motion: reduce): a near-zero time that still fires animationend).
 *  4. Breakpoints. Media queries use only 640, 768 and 1024px (or one less, for "below"), the
 *     numbers of src/styles/breakpoints.ts, which tokens.css documents as --breakpoint-*.
 * Colours that leave the stylesheets (index.html's theme-color, the web manifest) equal their tokens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from '../../src/styles/breakpoints.ts';

const root = join(import.meta.dirname, '..', '..');
const tokensFile = join(root, 'src', 'styles', 'tokens.css');
const tokensCss = readFileSync(tokensFile, 'utf8');

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return files(full, test);
    return test(entry.name) ? [full] : [];
  });
}

interface Line {
  where: string;
  file: string;
  text: string;
  /** The property a declaration line starts with ('' for selectors and continuation lines). */
  property: string;
  /** The at-rule preludes (e.g. "@media (prefers-reduced-motion: reduce)") the line is inside. */
  within: string[];
}

/** Each line of a stylesheet with its file and place, comments, strings and url() removed. */
function cssLinesOf(file: string): Line[] {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/"[^"\n]*"|'[^'\n]*'|url\([^)\n]*\)/g, '""');
  const stack: string[] = [];
  return source.split('\n').map((raw, index) => {
    const text = raw.trim();
    const line: Line = {
      where: `${relative(root, file)}:${index + 1}`,
      file: relative(root, file),
      text,
      property: /^(-{0,2}[a-z][\w-]*)\s*:(?!:)/i.exec(text)?.[1]?.toLowerCase() ?? '',
      within: [...stack],
    };
    if (line.property && /[{]/.test(text)) line.property = ''; // a selector with a pseudo-class
    for (const char of text) {
      if (char === '{') stack.push(text.startsWith('@') ? text.replace(/\s*{.*$/, '') : '');
      if (char === '}') stack.pop();
    }
    return line;
  });
}

const staffArea = join(root, 'src', 'admin');
const componentCss = files(join(root, 'src'), (name) => name.endsWith('.css')).filter(
  (f) => f !== tokensFile && !f.startsWith(staffArea),
);

function allLines(): Line[] {
  return componentCss.flatMap(cssLinesOf);
}

/** The value part of a line, without custom property names (--space-12 is a name, not a size). */
const declaredValue = (line: Line) =>
  (line.property ? line.text.slice(line.text.indexOf(':') + 1) : line.text).replace(/--[\w-]+/g, '--');

// The CSS named colours (CSS Color 4), as a test of words rather than of values.
const NAMED_COLOURS =
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'.split(
    ' ',
  );
const namedColour = new RegExp(`(?<![\\w.#-])(${NAMED_COLOURS.join('|')})(?![\\w-])`, 'i');

/** Every number with a unit in a value: `0.16em` -> { value: 0.16, unit: 'em', raw: '0.16em' }. */
function quantities(value: string, units: string) {
  return [...value.matchAll(new RegExp(`(?<![\\w.-])(-?\\d*\\.?\\d+)(${units})(?![\\w-])`, 'gi'))].map(
    (m) => ({ raw: m[0], value: Number(m[1]), unit: (m[2] ?? '').toLowerCase() }),
  );
}

// The visually-hidden idiom (a 1px clipped box) is a technique, not a design size.
const visuallyHidden = /^(width|height|margin):\s*-?1px;$/;
const TYPOGRAPHIC = new Set([
  'letter-spacing',
  'word-spacing',
  'text-indent',
  'text-underline-offset',
  'text-decoration-thickness',
]);
const REDUCED_MOTION = /^@media\s*\(prefers-reduced-motion:\s*reduce\)$/;

// The rules as functions, so the test can also show each one catching what it should.
const offends = {
  colour: (line: Line) =>
    /#[0-9a-f]{3,8}\b|rgba?\(\s*\d|hsla?\(\s*\d/i.test(line.text) || namedColour.test(declaredValue(line)),
  px: (line: Line) =>
    quantities(declaredValue(line), 'px').length > 0 &&
    !line.text.startsWith('@media') &&
    !visuallyHidden.test(line.text),
  rem: (line: Line) => quantities(declaredValue(line), 'rem').length > 0,
  em: (line: Line) =>
    !TYPOGRAPHIC.has(line.property) && quantities(declaredValue(line), 'em').some((q) => q.value !== 1),
  duration: (line: Line) =>
    quantities(declaredValue(line), 'ms|s').some(
      (q) =>
        q.value !== 0 && !(q.raw === '0.01ms' && line.within.some((prelude) => REDUCED_MOTION.test(prelude))),
    ),
};

function offenders(rule: keyof typeof offends) {
  return allLines()
    .filter(offends[rule])
    .map(({ where, text }) => `${where}: ${text}`);
}

/** The rule(s) a single declaration breaks, written into a component stylesheet. */
function rulesBrokenBy(declaration: string, within: string[] = []): string[] {
  const line: Line = {
    where: 'x',
    file: 'x',
    text: declaration,
    property: /^([\w-]+)\s*:/.exec(declaration)?.[1] ?? '',
    within,
  };
  return Object.entries(offends)
    .filter(([, test]) => test(line))
    .map(([name]) => name);
}

function token(name: string): string {
  const value = new RegExp(`--${name}:\\s*([^;]+);`).exec(tokensCss)?.[1]?.trim();
  if (!value) throw new Error(`tokens.css has no --${name}`);
  return value;
}

describe('design tokens', () => {
  it('finds the component stylesheets it guards', () => {
    expect(allLines().length).toBeGreaterThan(500);
  });

  it('has no colour literal outside tokens.css: no hex, rgb()/hsl() numbers or named colours', () => {
    expect(offenders('colour')).toEqual([]);
  });

  it('has no pixel size outside tokens.css, except breakpoints and the visually-hidden idiom', () => {
    expect(offenders('px')).toEqual([]);
  });

  it('has no rem size outside tokens.css', () => {
    expect(offenders('rem')).toEqual([]);
  });

  it('uses em outside tokens.css only as a proportion of the text (tracking, underline offset) or as 1em', () => {
    expect(offenders('em')).toEqual([]);
  });

  it('has no duration outside tokens.css, except 0 and the reduced-motion reset', () => {
    expect(offenders('duration')).toEqual([]);
  });

  it('catches what each rule is for, and lets through what it allows', () => {
    expect(rulesBrokenBy('color: white;')).toEqual(['colour']);
    expect(rulesBrokenBy('border: var(--border-thin) solid Black;')).toEqual(['colour']);
    expect(rulesBrokenBy('background: #fff;')).toEqual(['colour']);
    expect(rulesBrokenBy('width: 13rem;')).toEqual(['rem']);
    expect(rulesBrokenBy('width: min(24rem, calc(100vw - 2 * var(--space-4)));')).toEqual(['rem']);
    expect(rulesBrokenBy('height: 1.1em;')).toEqual(['em']);
    expect(rulesBrokenBy('padding: 12px;')).toEqual(['px']);
    expect(rulesBrokenBy('animation-duration: 3s;')).toEqual(['duration']);
    expect(rulesBrokenBy('animation: spin 0.75s linear infinite;')).toEqual(['duration']);
    expect(rulesBrokenBy('transition: opacity 150ms ease;')).toEqual(['duration']);
    expect(rulesBrokenBy('animation-duration: 0.01ms !important;')).toEqual(['duration']);

    for (const allowed of [
      'white-space: nowrap;',
      'color: var(--color-white);',
      'background: rgb(var(--rgb-white) / 0.3);',
      'border-right-color: transparent;',
      'border: var(--border-thin) solid currentColor;',
      'letter-spacing: 0.08em;',
      'text-underline-offset: 0.2em;',
      'min-height: calc(2 * var(--line-height-tight) * 1em);',
      'max-width: 46ch;',
      'height: 100svh;',
      'gap: var(--space-12);',
      'transition-delay: 0s;',
      'animation: marquee var(--duration-slow) linear;',
    ])
      expect(rulesBrokenBy(allowed), allowed).toEqual([]);
    expect(
      rulesBrokenBy('animation-duration: 0.01ms !important;', ['@media (prefers-reduced-motion: reduce)']),
    ).toEqual([]);
  });

  it('changes layout only at the breakpoints of src/styles/breakpoints.ts', () => {
    const allowed = new Set(Object.values(BREAKPOINTS).flatMap((px) => [`${px}px`, `${px - 1}px`]));
    const used = allLines()
      .filter(({ text }) => text.startsWith('@media'))
      .flatMap(({ where, text }) =>
        [...text.matchAll(/(\d+)px/g)].map((m) => ({ where, value: `${m[1]}px` })),
      );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter(({ value }) => !allowed.has(value))).toEqual([]);
  });

  it('documents in tokens.css the same breakpoints as src/styles/breakpoints.ts (640, 768, 1024)', () => {
    expect(BREAKPOINTS).toEqual({ sm: 640, md: 768, lg: 1024 });
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(token(`breakpoint-${name}`)).toBe(`${px}px`);
      expect(tokensCss).toMatch(new RegExp(`\\b${name} ${px}px\\b`)); // the header comment
    }
  });

  it('has no media query with a number in the TypeScript: it comes from src/styles/breakpoints.ts', () => {
    const sources = files(join(root, 'src'), (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((file) => relative(root, file))
      .filter((file) => file !== 'src/styles/breakpoints.ts');
    expect(sources.length).toBeGreaterThan(50);
    const literal = /\((min|max)-width:\s*\d+px\)/;
    expect(sources.filter((file) => literal.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('gives index.html the brand colour of tokens.css', () => {
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    const themeColor = /<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1];
    expect(themeColor).toBe(token('color-primary-600'));
  });
});
