/**
 * The fuzz suite's generators (fast-check): whole HTTP request bodies for each form endpoint, from
 * nearly valid submissions with one thing wrong to garbage. Kinds: wrong types, missing, unknown
 * and duplicate fields, 1 MB strings, deep nesting, invalid UTF-8, control, bidi and invisible
 * characters, prototype-pollution keys, wrong content types, malformed multipart, spoofed CVs (an
 * EXE named .pdf, a zip without word/document.xml named .docx) and path-traversal file names.
 */
import fc from 'fast-check';
import { DOCX_BYTES, PDF_BYTES, PNG_BYTES, zipOf } from '../../server/testSupport.ts';

export interface FuzzRequest {
  /** Content-Type header; undefined: none. */
  contentType?: string;
  body: Buffer;
  /** What kind of input this is (for the figures and a failure's report). */
  kind: string;
}

/** Characters that have broken text handling somewhere: controls, bidi, invisible, separators. */
const TRICKY = [
  '\u0000',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\v',
  '\f',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u061c',
  '\u2028',
  '\u2029',
  '\u2060',
  '\u2063',
  '\ufeff',
  '\u00ad',
  '\u034f',
  '\u115f',
  '\u1160',
  '\u3164',
  '\uffa0',
  '\u180e',
  '\u206a',
  '\ufff9',
  '\ufffb',
  '\u{1d173}',
  '\u{e0001}',
  '\u{e0041}',
  '\u{e007f}',
  '\ufe0f',
  '\ud800',
  '\udfff',
  '\ufffd',
  '\uffff',
  '\u{10ffff}',
  '👨‍👩‍👧',
  '❤️',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  'क्‍ष',
  'ಕನ್ನಡ',
  '"',
  "'",
  '<script>',
  '=cmd|',
  '%00',
  '../',
  '\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder, sent as text
  '${x}',
  '{{x}}',
];

const tricky = fc.constantFrom(...TRICKY);

/** Text of every sort: ordinary, any code point, mixed with tricky characters, long, 1 MB. */
export const fuzzText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 6 }), tricky), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 40_000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(1 << 20)) },
);

/** A value of any JSON type, nested now and then. */
const fuzzValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fuzzText },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  },
);

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'website'];

/** JSON text of `entries`, in order, duplicates kept (JSON.stringify of an object cannot repeat a key). */
function rawJson(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
}

/** Replaces a few bytes with ones that are never valid UTF-8 there. */
function breakUtf8(text: string, at: number, bytes: number[]): Buffer {
  const buf = Buffer.from(text, 'utf8');
  const i = buf.length ? at % buf.length : 0;
  return Buffer.concat([buf.subarray(0, i), Buffer.from(bytes), buf.subarray(i)]);
}

const BAD_UTF8 = fc.constantFrom<number[]>(
  [0xff],
  [0xc3],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
);

/** Bodies for a JSON form whose valid submission is `valid`. */
export function jsonRequests(valid: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const fields = Object.keys(valid);
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  // A valid submission with some fields dropped, some replaced, some added (duplicates too).
  const mutated = fc
    .record({
      drop: fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
      set: fc.array(fc.tuple(key, fuzzValue), { minLength: 1, maxLength: 3 }),
      duplicate: fc.boolean(),
    })
    .map(({ drop, set, duplicate }) => {
      const entries: [string, unknown][] = Object.entries(valid).filter(([k]) => !drop.includes(k));
      for (const [k, v] of set) {
        const at = entries.findIndex(([existing]) => existing === k);
        if (at >= 0 && !duplicate) entries[at] = [k, v];
        else entries.push([k, v]);
      }
      return { contentType: 'application/json', body: Buffer.from(rawJson(entries)), kind: 'mutated fields' };
    });
  // A valid submission with a tricky character slipped into one field: stored if allowed.
  const sprinkled = fc
    .tuple(fc.constantFrom(...fields), fc.nat(), fc.array(tricky, { minLength: 1, maxLength: 2 }))
    .map(([field, at, chars]) => {
      const v = valid[field] ?? '';
      const i = at % (v.length + 1);
      const body = JSON.stringify({ ...valid, [field]: `${v.slice(0, i)}${chars.join('')}${v.slice(i)}` });
      return { contentType: 'application/json', body: Buffer.from(body), kind: 'tricky character' };
    });
  const nested = fc.integer({ min: 10, max: 100_000 }).chain((depth) =>
    fc.constantFrom(
      {
        contentType: 'application/json',
        body: Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`),
        kind: 'deep array',
      },
      {
        contentType: 'application/json',
        body: Buffer.from(`{"name":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`),
        kind: 'deep object',
      },
    ),
  );
  const invalidUtf8 = fc.tuple(fc.nat(), BAD_UTF8).map(([at, bytes]) => ({
    contentType: 'application/json',
    body: breakUtf8(JSON.stringify(valid), at, bytes),
    kind: 'invalid UTF-8',
  }));
  const wrongTop = fc
    .constantFrom(
      'null',
      '1',
      '"text"',
      '[]',
      '[{}]',
      'true',
      '',
      ' ',
      '{',
      '{"a":}',
      '{"__proto__":{"admin":true}}',
    )
    .map((text) => ({ contentType: 'application/json', body: Buffer.from(text), kind: 'not an object' }));
  const wrongType = fc
    .tuple(
      fc.constantFrom(
        undefined,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'APPLICATION/JSON',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/jsonx',
        'application/xml',
      ),
      fc.boolean(),
    )
    .map(([contentType, asJson]) => ({
      ...(contentType && { contentType }),
      body: Buffer.from(asJson ? JSON.stringify(valid) : new URLSearchParams(valid).toString()),
      kind: 'content type',
    }));
  const huge = fc.constant({
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify({ ...valid, [fields[0] ?? 'x']: 'y'.repeat(1 << 20) })),
    kind: '1 MB body',
  });
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 6, arbitrary: sprinkled },
    { weight: 1, arbitrary: nested },
    { weight: 2, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: wrongTop },
    { weight: 2, arbitrary: wrongType },
    { weight: 1, arbitrary: huge },
  );
}

// Multipart ------------------------------------------------------------------------------------

const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0x41)]);
const ZIP_NOT_DOCX = zipOf({ 'readme.txt': 'just a zip', 'word/other.xml': '<x/>' });

/** CV contents: real ones and spoofed ones. */
const cvContent = fc.oneof(
  fc.constantFrom(
    { data: PDF_BYTES, what: 'pdf' },
    { data: DOCX_BYTES, what: 'docx' },
    { data: EXE, what: 'exe' },
    { data: ZIP_NOT_DOCX, what: 'zip without word/document.xml' },
    { data: PNG_BYTES, what: 'png' },
    { data: Buffer.alloc(0), what: 'empty' },
    { data: Buffer.from('%PDF'), what: 'truncated pdf' },
  ),
  fc.uint8Array({ maxLength: 300 }).map((a) => ({ data: Buffer.from(a), what: 'random bytes' })),
);

const cvName = fc.oneof(
  fc.constantFrom(
    'cv.pdf',
    'cv.docx',
    'cv.doc',
    'cv.PDF',
    '../../../etc/passwd.pdf',
    '..\\..\\windows\\system32\\cv.pdf',
    '/etc/shadow.pdf',
    'C:\\cv.pdf',
    '.pdf',
    '....pdf',
    'cv.pdf.exe',
    'cv.exe',
    'cv',
    '',
    'a%00.pdf',
    '%2e%2e%2fcv.pdf',
    'résumé.pdf',
    '履歴書.docx',
    `${'n'.repeat(300)}.pdf`,
  ),
  fc
    .tuple(fuzzText, fc.constantFrom('.pdf', '.doc', '.docx', ''))
    .map(([n, ext]) => `${n.slice(0, 200)}${ext}`),
);

/** A header value that fetch and busboy can carry: quotes and line breaks escaped or dropped. */
const headerSafe = (s: string) => s.replace(/[\r\n"\\]/g, '_');

interface Part {
  name: string;
  value: Buffer;
  filename?: string;
  type?: string;
}

function multipartBody(parts: readonly Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${headerSafe(p.name)}"${p.filename !== undefined ? `; filename="${headerSafe(p.filename)}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      p.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Bodies for the application endpoint, whose valid submission is `valid` plus a CV. */
export function multipartRequests(valid: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const fields = Object.keys(valid);
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  const type = `multipart/form-data; boundary=${boundary}`;
  const textValue = fc.oneof(
    { weight: 5, arbitrary: fuzzText.map((t) => Buffer.from(t, 'utf8')) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.nat(), BAD_UTF8).map(([at, bytes]) => breakUtf8('Valid Value', at, bytes)),
    },
  );
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS, 'cv', 'cv[]', 'fullName[]') },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const wellFormed = fc
    .record({
      drop: fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
      set: fc.array(fc.tuple(key, textValue), { maxLength: 3 }),
      duplicate: fc.boolean(),
      files: fc.array(
        fc.record({
          content: cvContent,
          name: cvName,
          field: fc.constantFrom('cv', 'cv', 'file', 'fullName'),
        }),
        {
          maxLength: 2,
        },
      ),
      mime: fc.constantFrom(
        undefined,
        'application/pdf',
        'application/octet-stream',
        'text/html',
        'application/x-msdownload',
      ),
    })
    .map(({ drop, set, duplicate, files, mime }) => {
      const parts: Part[] = Object.entries(valid)
        .filter(([k]) => !drop.includes(k))
        .map(([name, v]) => ({ name, value: Buffer.from(v) }));
      for (const [name, value] of set) {
        const at = parts.findIndex((p) => p.name === name);
        if (at >= 0 && !duplicate) parts[at] = { name, value };
        else parts.push({ name, value });
      }
      for (const f of files)
        parts.push({ name: f.field, value: f.content.data, filename: f.name, ...(mime && { type: mime }) });
      const what = files.map((f) => f.content.what).join('+') || 'no file';
      return { contentType: type, body: multipartBody(parts, boundary), kind: `multipart (${what})` };
    });
  const malformed = fc
    .tuple(
      fc.constantFrom(
        'truncated',
        'no closing boundary',
        'wrong boundary',
        'no boundary',
        'garbage',
        'header only',
        'no name',
      ),
      fc.nat({ max: 400 }),
      fc.uint8Array({ maxLength: 200 }),
    )
    .map(([how, cut, noise]) => {
      const good = multipartBody(
        [
          ...Object.entries(valid).map(([name, v]) => ({ name, value: Buffer.from(v) })),
          { name: 'cv', value: PDF_BYTES, filename: 'cv.pdf' },
        ],
        boundary,
      );
      const bodies: Record<string, [string | undefined, Buffer]> = {
        truncated: [type, good.subarray(0, Math.max(1, good.length - 1 - cut))],
        'no closing boundary': [type, good.subarray(0, good.length - boundary.length - 6)],
        'wrong boundary': [`multipart/form-data; boundary=other`, good],
        'no boundary': ['multipart/form-data', good],
        garbage: [type, Buffer.from(noise)],
        'header only': [
          type,
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n`),
        ],
        'no name': [
          type,
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`),
        ],
      };
      const [contentType, body] = bodies[how] ?? [type, good];
      return { ...(contentType && { contentType }), body, kind: `malformed multipart (${how})` };
    });
  const asJson = fc.constant({
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify(valid)),
    kind: 'JSON to multipart',
  });
  return fc.oneof(
    { weight: 10, arbitrary: wellFormed },
    { weight: 3, arbitrary: malformed },
    { weight: 1, arbitrary: asJson },
  );
}
