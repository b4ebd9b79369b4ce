/**
 * The SVG document writer: number formatting, element strings and a per-document <defs> registry
 * (gradients, patterns, clips, filters) with stable ids, so output is byte-for-byte deterministic.
 */
export const f = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

export type Attrs = Record<string, string | number | undefined | null | false>;

export function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? f(v) : v}"`;
  }
  return out;
}

export function el(tag: string, a: Attrs = {}, kids?: string | string[]): string {
  const c = Array.isArray(kids) ? kids.join('') : kids;
  return c ? `<${tag}${attrs(a)}>${c}</${tag}>` : `<${tag}${attrs(a)}/>`;
}

/** Tagged template for path data: every interpolated number is rounded to one decimal. */
export function d(strings: TemplateStringsArray, ...vals: number[]): string {
  let out = strings[0] ?? '';
  vals.forEach((v, i) => {
    out += f(v) + (strings[i + 1] ?? '');
  });
  return out;
}

let defs: string[] = [];
let keyed = new Map<string, string>();
let counter = 0;

export function begin(): void {
  defs = [];
  keyed = new Map();
  counter = 0;
}

function def(key: string, make: (id: string) => string): string {
  let id = keyed.get(key);
  if (!id) {
    id = `k${(counter++).toString(36)}`;
    keyed.set(key, id);
    defs.push(make(id));
  }
  return id;
}

/** A colour with optional opacity written as '#rrggbb/0.4'. */
function stopEls(stops: readonly (string | [string, number])[]): string {
  return stops
    .map((s, i) => {
      const [col, off] = Array.isArray(s) ? s : [s, stops.length === 1 ? 0 : i / (stops.length - 1)];
      const [c, o] = col.split('/');
      return el('stop', { offset: off, 'stop-color': c, 'stop-opacity': o });
    })
    .join('');
}

export function lin(stops: readonly (string | [string, number])[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const key = `l${JSON.stringify(stops)}${x1},${y1},${x2},${y2}`;
  const id = def(key, (i) => el('linearGradient', { id: i, x1, y1, x2, y2 }, stopEls(stops)));
  return `url(#${id})`;
}

export function rad(stops: readonly (string | [string, number])[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const key = `r${JSON.stringify(stops)}${cx},${cy},${r}`;
  const id = def(key, (i) => el('radialGradient', { id: i, cx, cy, r }, stopEls(stops)));
  return `url(#${id})`;
}

/** A repeating pattern in user space. */
export function pattern(w: number, h: number, content: string, transform?: string): string {
  const key = `p${w},${h},${transform ?? ''}${content}`;
  const id = def(key, (i) =>
    el(
      'pattern',
      { id: i, width: w, height: h, patternUnits: 'userSpaceOnUse', patternTransform: transform },
      content,
    ),
  );
  return `url(#${id})`;
}

export function blur(std: number): string {
  const id = def(`b${std}`, (i) =>
    el(
      'filter',
      { id: i, x: '-50%', y: '-50%', width: '200%', height: '200%' },
      el('feGaussianBlur', { stdDeviation: std }),
    ),
  );
  return `url(#${id})`;
}

export function clip(content: string): string {
  const id = def(`c${content}`, (i) => el('clipPath', { id: i }, content));
  return `url(#${id})`;
}

export function mask(content: string): string {
  const id = def(`m${content}`, (i) => el('mask', { id: i }, content));
  return `url(#${id})`;
}

export function end(w: number, h: number, body: string | string[]): string {
  const b = Array.isArray(body) ? body.join('') : body;
  const ds = defs.length ? `<defs>${defs.join('')}</defs>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" fill="none">${ds}${b}</svg>\n`;
}
