// @vitest-environment node
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { API_PATHS, messages } from '../src/forms/rules.ts';
import { serverMessages, successMessages } from './api/messages.ts';
import {
  DOC_BYTES,
  DOCX_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  removeTempDirs,
  startTestServer,
  type TestServer,
  testSiteFacts,
  zipOf,
} from './testSupport.ts';

let server: TestServer;
const facts = testSiteFacts();
const position = facts.positions[0] ?? '';
const serviceType = facts.serviceTypes[0] ?? '';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

async function postJson(endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.api}/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string } };
}

function fetchJson(
  endpoint: string,
  body: unknown,
  type = 'application/json',
  headers: Record<string, string> = {},
) {
  return fetch(`${server.api}/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

interface Application {
  fullName?: string;
  email?: string;
  phone?: string;
  coverLetter?: string;
  position?: string;
  website?: string;
  [extra: string]: string | undefined;
}

const goodApplication: Application = {
  fullName: '  Ravi Kumar ',
  email: 'ravi@example.com',
  phone: '9876543210',
  coverLetter: 'I have five years of support experience.\nI would love to join.',
  position,
};

async function apply(fields: Application, cv?: { bytes: Buffer; name: string; type?: string } | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  if (cv)
    form.append('cv', new Blob([new Uint8Array(cv.bytes)], { type: cv.type ?? 'application/pdf' }), cv.name);
  const res = await fetch(`${server.api}/apply-position`, { method: 'POST', body: form });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string } };
}

const goodDemo = {
  name: 'Asha Rao',
  phone: '9876543210',
  email: 'asha@example.com',
  serviceType,
  query: 'Please show us the school management software.',
};
const goodContact = {
  name: 'Asha',
  email: 'asha@example.com',
  mobileNumber: '9876543210',
  message: 'Please call me back tomorrow.',
};

describe('POST /backend/api/contact-demo', () => {
  it.each([
    ['a missing field', { ...goodDemo, name: '' }, messages.missingFields.message],
    ['a blank field', { ...goodDemo, query: '   ' }, messages.missingFields.message],
    [
      'an absent field',
      { name: 'A', phone: '1234567', email: 'a@b.co', serviceType },
      messages.missingFields.message,
    ],
    ['a bad email', { ...goodDemo, email: 'asha@example' }, messages.invalidEmail.message],
    ['a short phone', { ...goodDemo, phone: '123456' }, messages.invalidPhone.message],
    ['a phone with letters', { ...goodDemo, phone: '98765x3210' }, messages.invalidPhone.message],
    ['a query over 300 characters', { ...goodDemo, query: 'q'.repeat(301) }, messages.queryTooLong.message],
    [
      'an unknown service type',
      { ...goodDemo, serviceType: 'Time Travel' },
      serverMessages.unknownServiceType,
    ],
    ['an unknown field', { ...goodDemo, admin: 'yes' }, serverMessages.unknownField],
    ['a number instead of text', { ...goodDemo, phone: 9876543210 }, serverMessages.notText],
    ['a control character', { ...goodDemo, name: 'Asha\u0000Rao' }, serverMessages.controlCharacters],
    [
      'a line break in a one-line field',
      { ...goodDemo, email: 'a@b.co\nBcc: x@y.z' },
      serverMessages.lineBreak,
    ],
  ])('answers 400 for %s with the form’s words', async (_, body, message) => {
    const res = await postJson('contact-demo', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores a valid request, trimmed, after answering 200', async () => {
    const before = await server.repo.count('demo');
    const res = await postJson('contact-demo', {
      ...goodDemo,
      name: '  Asha Rao  ',
      query: 'line one\nline two',
    });
    expect(res).toMatchObject({ status: 200, body: { message: successMessages.demo } });
    const rows = await server.repo.list({ form: 'demo' });
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      clientIp: '127.0.0.0',
      userAgent: 'vitest',
      fields: { name: 'Asha Rao', serviceType, query: 'line one\nline two', email: 'asha@example.com' },
    });
  });

  it('offers exactly the 18 service types of the specification', () => {
    expect(facts.serviceTypes).toEqual([
      'Emerging Tech Training',
      'Scientific Career Counselling',
      'Employee Background Verification',
      'Educational Institution Software',
      'Mobile App Development',
      'Magazine & Brochure',
      'Telematics',
      'Educational Institution Fee Management Software',
      'Hardware & IT infrastructure supply',
      'Staff Recruitment',
      'Digital Marketing',
      'Consulting Services',
      'Triune TransitShield',
      'Videshi Bhaasha Tech',
      'EduFee Master',
      'Triune ERP',
      'Summer Camp',
      'Triune Matrimony',
    ]);
  });

  it('refuses a service type that differs from an option only by case or spacing', async () => {
    for (const variant of [serviceType.toUpperCase(), `${serviceType}x`, serviceType.replace(' ', '  ')]) {
      const res = await postJson('contact-demo', { ...goodDemo, serviceType: variant });
      expect(res).toMatchObject({ status: 400, body: { message: serverMessages.unknownServiceType } });
    }
  });

  it('accepts every service type of site.yaml', async () => {
    expect(facts.serviceTypes.length).toBeGreaterThan(0);
    for (const type of facts.serviceTypes) {
      expect((await postJson('contact-demo', { ...goodDemo, serviceType: type })).status).toBe(200);
    }
  });
});

describe('POST /backend/api/brochure-request', () => {
  it.each([
    ['empty', ''],
    ['not an email', 'brochure'],
  ])('refuses an email that is %s', async (_, email) => {
    const res = await postJson('brochure-request', { email });
    expect(res).toMatchObject({ status: 400, body: { message: messages.brochureEmail.message } });
  });

  it('stores a valid request', async () => {
    const res = await postJson('brochure-request', { email: ' reader@example.com ' });
    expect(res).toMatchObject({ status: 200, body: { message: successMessages.brochure } });
    const rows = await server.repo.list({ form: 'brochure' });
    expect(rows.at(-1)?.fields).toEqual({ email: 'reader@example.com' });
  });
});

describe('POST /backend/api/contact', () => {
  it.each([
    ['a blank message', { ...goodContact, message: '   ' }, messages.missingFields.message],
    ['a one-letter name', { ...goodContact, name: ' A ' }, messages.contactName.message],
    ['a bad email', { ...goodContact, email: 'nope' }, messages.invalidEmail.message],
    [
      'a mobile starting with 5',
      { ...goodContact, mobileNumber: '5876543210' },
      messages.contactMobile.message,
    ],
    ['a 9-digit mobile', { ...goodContact, mobileNumber: '987654321' }, messages.contactMobile.message],
    ['a short message', { ...goodContact, message: ' too short ' }, messages.contactTooShort.message],
    ['a long message', { ...goodContact, message: 'm'.repeat(1001) }, messages.contactTooLong.message],
  ])('answers 400 for %s', async (_, body, message) => {
    const res = await postJson('contact', body);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('stores a valid message', async () => {
    const res = await postJson('contact', goodContact);
    expect(res).toMatchObject({ status: 200, body: { message: successMessages.contact } });
    const rows = await server.repo.list({ form: 'contact' });
    expect(rows.at(-1)?.fields).toEqual(goodContact);
  });
});

describe('characters refused in every field', () => {
  const { controlCharacters, invisibleCharacters, lineBreak } = serverMessages;
  // One or more examples of each class, placed inside the value (trim() would drop some at the ends).
  const refused: [string, string, string][] = [
    ['C0 control U+0001', '\u0001', controlCharacters],
    ['escape U+001B', '\u001b', controlCharacters],
    ['DEL U+007F', '\u007f', controlCharacters],
    ['C1 control U+0080', '\u0080', controlCharacters],
    ['C1 next line U+0085', '\u0085', controlCharacters],
    ['C1 control U+009F', '\u009f', controlCharacters],
    ['an unpaired surrogate', '\ud800', controlCharacters],
    ['left-to-right mark U+200E', '\u200e', invisibleCharacters],
    ['right-to-left mark U+200F', '\u200f', invisibleCharacters],
    ['Arabic letter mark U+061C', '\u061c', invisibleCharacters],
    ['LR embedding U+202A', '\u202a', invisibleCharacters],
    ['RL override U+202E', '\u202e', invisibleCharacters],
    ['LR isolate U+2066', '\u2066', invisibleCharacters],
    ['pop directional isolate U+2069', '\u2069', invisibleCharacters],
    ['line separator U+2028', '\u2028', invisibleCharacters],
    ['paragraph separator U+2029', '\u2029', invisibleCharacters],
    ['zero-width space U+200B', '\u200b', invisibleCharacters],
    ['word joiner U+2060', '\u2060', invisibleCharacters],
    ['zero-width no-break space U+FEFF', '\ufeff', invisibleCharacters],
    // Accepted before issue 22's fix: default-ignorable, format and filler characters.
    ['Hangul filler U+3164', '\u3164', invisibleCharacters],
    ['Hangul choseong filler U+115F', '\u115f', invisibleCharacters],
    ['Hangul jungseong filler U+1160', '\u1160', invisibleCharacters],
    ['halfwidth Hangul filler U+FFA0', '\uffa0', invisibleCharacters],
    ['invisible separator U+2063', '\u2063', invisibleCharacters],
    ['tag letter U+E0041', '\u{e0041}', invisibleCharacters],
    ['language tag U+E0001', '\u{e0001}', invisibleCharacters],
    ['soft hyphen U+00AD', '\u00ad', invisibleCharacters],
    ['Mongolian vowel separator U+180E', '\u180e', invisibleCharacters],
    ['inhibit symmetric swapping U+206A', '\u206a', invisibleCharacters],
    ['combining grapheme joiner U+034F', '\u034f', invisibleCharacters],
    ['interlinear annotation anchor U+FFF9', '\ufff9', invisibleCharacters],
    ['musical symbol begin beam U+1D173', '\u{1d173}', invisibleCharacters],
  ];

  it.each(refused)(
    'refuses %s in a one-line and in a multiline field, storing nothing',
    async (_, c, message) => {
      const before = await server.repo.count('contact');
      for (const body of [
        { ...goodContact, name: `As${c}ha` },
        { ...goodContact, message: `Please call${c} me back tomorrow.` },
      ]) {
        const res = await postJson('contact', body);
        expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
      }
      expect(await server.repo.count('contact')).toBe(before);
    },
  );

  it.each([
    ['a line feed', 'a@b.co\nx', lineBreak],
    ['a carriage return', 'a@b.co\rx', lineBreak],
    ['a tab', 'a@b.co\tx', controlCharacters],
  ])('refuses %s in a one-line field', async (_, email, message) => {
    const before = await server.repo.count('brochure');
    expect(await postJson('brochure-request', { email })).toMatchObject({ status: 400, body: { message } });
    expect(await server.repo.count('brochure')).toBe(before);
  });

  it('refuses a lone carriage return even in a multiline field', async () => {
    const before = await server.repo.count('demo');
    const res = await postJson('contact-demo', { ...goodDemo, query: 'line one\rline two' });
    expect(res).toMatchObject({ status: 400, body: { message: controlCharacters } });
    expect(await server.repo.count('demo')).toBe(before);
  });

  it('refuses a name of two Hangul fillers, which renders blank', async () => {
    const before = await server.repo.count('contact');
    const res = await postJson('contact', { ...goodContact, name: '\u3164\u3164' });
    expect(res).toMatchObject({ status: 400, body: { message: invisibleCharacters } });
    expect(await server.repo.count('contact')).toBe(before);
  });

  it('counts "at least N characters" on visible characters', async () => {
    const before = await server.repo.count('contact');
    // Two UTF-16 units, one visible character (a letter and its emoji variation selector).
    const name = await postJson('contact', { ...goodContact, name: 'A\ufe0f' });
    expect(name).toMatchObject({ status: 400, body: { message: messages.contactName.message } });
    // Ten UTF-16 units, six visible characters.
    const message = await postJson('contact', { ...goodContact, message: 'ok 👍\ufe0f 👍\ufe0f' });
    expect(message).toMatchObject({ status: 400, body: { message: messages.contactTooShort.message } });
    expect(await server.repo.count('contact')).toBe(before);
  });

  it.each([
    ['a Hindi name with ZWNJ', 'रा\u200cहुल क्\u200dषत्रिय'],
    ['a Kannada name with ZWJ and ZWNJ', 'ಶ್ರೀ\u200dನಿವಾಸ ಕನ್ನ\u200cಡ'],
    ['emoji ZWJ sequences', 'Ravi 🧑🏽\u200d💻 ❤\ufe0f\u200d🔥 🏴\u200d☠\ufe0f'],
  ])('accepts %s and stores it as typed', async (_, name) => {
    const res = await postJson('contact', { ...goodContact, name });
    expect(res.status).toBe(200);
    expect((await server.repo.list({ form: 'contact' })).at(-1)?.fields).toMatchObject({ name });
  });

  it('keeps \\n, \\r\\n and tabs in a multiline field, and other scripts and emoji anywhere', async () => {
    // Joiners (U+200C, U+200D) are part of Indic spellings and emoji sequences: a Malayalam chillu,
    // a Devanagari half form, a family emoji.
    const message = 'Line one\nline two\r\nthen\ta tab — ನಮಸ್ಕಾರ, नमस्ते, क्\u200dष 👨\u200d👩\u200d👧 👋';
    const res = await postJson('contact', { ...goodContact, name: 'ರವಿ 🙂 ന\u200dമ', message });
    expect(res.status).toBe(200);
    expect((await server.repo.list({ form: 'contact' })).at(-1)?.fields).toMatchObject({
      name: 'ರವಿ 🙂 ന\u200dമ',
      message,
    });
  });
});

describe('POST /backend/api/apply-position', () => {
  const pdf = { bytes: PDF_BYTES, name: 'ravi-cv.pdf' };

  it.each([
    ['a missing name', { ...goodApplication, fullName: ' ' }, pdf, messages.applicationMissing.message],
    ['no CV', goodApplication, null, messages.applicationMissing.message],
    ['a bad email', { ...goodApplication, email: 'ravi@' }, pdf, messages.applicationEmail.message],
    ['a bad phone', { ...goodApplication, phone: '12-34' }, pdf, messages.applicationPhone.message],
    ['a .txt file', goodApplication, { bytes: PDF_BYTES, name: 'cv.txt' }, messages.cvType.message],
    [
      'a .pdf that is really a PNG',
      goodApplication,
      { bytes: PNG_BYTES, name: 'cv.pdf' },
      messages.cvType.message,
    ],
    [
      'a .docx that is a ZIP without word/document.xml',
      goodApplication,
      { bytes: zipOf({ '[Content_Types].xml': '<Types/>', 'evil.txt': 'x' }), name: 'cv.docx' },
      messages.cvType.message,
    ],
    [
      'a .doc that is really a PDF',
      goodApplication,
      { bytes: PDF_BYTES, name: 'cv.doc' },
      serverMessages.cvMismatch,
    ],
    [
      'a position that is not open',
      { ...goodApplication, position: 'Astronaut' },
      pdf,
      serverMessages.unknownPosition,
    ],
    ['an unknown field', { ...goodApplication, salary: '1' }, pdf, serverMessages.unknownField],
    [
      'a control character',
      { ...goodApplication, fullName: 'Ravi\u001bKumar' },
      pdf,
      serverMessages.controlCharacters,
    ],
    [
      'a line break in the name',
      { ...goodApplication, fullName: 'Ravi\nKumar' },
      pdf,
      serverMessages.lineBreak,
    ],
    [
      'a right-to-left override in the cover letter',
      { ...goodApplication, coverLetter: 'Hello \u202eevil' },
      pdf,
      serverMessages.invisibleCharacters,
    ],
    [
      'a zero-width space in the email',
      { ...goodApplication, email: 'ravi\u200b@example.com' },
      pdf,
      serverMessages.invisibleCharacters,
    ],
  ])('answers 400 for %s and stores nothing', async (_, fields, cv, message) => {
    const before = await server.repo.count('application');
    const res = await apply(fields, cv);
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await server.repo.count('application')).toBe(before);
  });

  it('stores the application and its CV (PDF) in the database', async () => {
    const res = await apply(goodApplication, pdf);
    expect(res).toMatchObject({ status: 200, body: { message: successMessages.application } });
    const row = (await server.repo.list({ form: 'application' })).at(-1);
    expect(row?.fields).toMatchObject({
      fullName: 'Ravi Kumar',
      position,
      cvName: 'ravi-cv.pdf',
      cvType: 'pdf',
      cvSize: PDF_BYTES.length,
      cvSha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
    });
    const cv = await server.repo.getCv(row?.id ?? -1);
    expect(cv?.data.equals(PDF_BYTES)).toBe(true);
  });

  it.each([
    ['DOCX', DOCX_BYTES, 'cv.DOCX', 'docx'],
    ['DOC', DOC_BYTES, 'cv.doc', 'doc'],
  ])('accepts a real %s', async (_, bytes, name, type) => {
    const res = await apply(goodApplication, { bytes, name, type: 'application/octet-stream' });
    expect(res.status).toBe(200);
    expect((await server.repo.list({ form: 'application' })).at(-1)?.fields.cvType).toBe(type);
  });

  it('keeps only a cleaned file name: no path, no control characters, bounded length', async () => {
    await apply(goodApplication, { bytes: PDF_BYTES, name: '../../etc/\u0007passwd.pdf' });
    expect((await server.repo.list({ form: 'application' })).at(-1)?.fields.cvName).toBe('passwd.pdf');
    await apply(goodApplication, { bytes: PDF_BYTES, name: '..\\..\\windows\\win.pdf' });
    expect((await server.repo.list({ form: 'application' })).at(-1)?.fields.cvName).toBe('win.pdf');
    const res = await apply(goodApplication, { bytes: PDF_BYTES, name: `${'a'.repeat(5000)}.pdf` });
    expect(res.status).toBe(200);
    const name = String((await server.repo.list({ form: 'application' })).at(-1)?.fields.cvName);
    expect(name.length).toBeLessThanOrEqual(150);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('answers 413 for a CV over 5 MB, cut off while streaming, and stores nothing', async () => {
    const before = await server.repo.count('application');
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF_BYTES.length, 0x20)]);
    const res = await apply(goodApplication, { bytes: big, name: 'big.pdf' });
    expect(res).toMatchObject({ status: 413, body: { message: messages.cvSize.message } });
    expect(await server.repo.count('application')).toBe(before);
  });

  it('cuts off a 40 MB upload while it streams: the 413 comes long before the body is sent', async () => {
    const before = await server.repo.count('application');
    const total = 40 * 1024 * 1024;
    const boundary = 'streamed-upload-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    let sent = 0;
    // Generated as the socket drains (never 40 MB in memory), with no Content-Length, so the
    // server cannot refuse it up front: only the streaming limit can stop it.
    async function* body() {
      yield head;
      sent += head.length;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      while (sent < total) {
        yield chunk;
        sent += chunk.length;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const result = await new Promise<{
      status: number;
      text: string;
      sentAtResponse: number;
      connection?: string;
    }>((resolve, reject) => {
      const source = Readable.from(body(), { objectMode: false });
      const req = request(`${server.api}/apply-position`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('response', (res) => {
        const sentAtResponse = sent;
        source.unpipe(req);
        source.destroy();
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, text, sentAtResponse, connection: res.headers.connection });
        });
      });
      // Once the answer is in, the server may close on the rest of the upload: not a failure.
      req.on('error', (error) => (sent >= total ? reject(error) : undefined));
      source.pipe(req);
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toEqual({ message: messages.cvSize.message });
    // The rest of the upload is not drained: the connection ends with the answer.
    expect(result.connection).toBe('close');
    // 5 MB plus what the sockets buffer: far from the 40 MB the client had left to send.
    expect(result.sentAtResponse).toBeGreaterThan(5 * 1024 * 1024);
    expect(result.sentAtResponse).toBeLessThan(total / 2);
    expect(await server.repo.count('application')).toBe(before);
  });

  it('accepts a CV of exactly 5 MB', async () => {
    const exact = Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024 - PDF_BYTES.length, 0x20)]);
    const res = await apply(goodApplication, { bytes: exact, name: 'exact.pdf' });
    expect(res.status).toBe(200);
  });

  it('refuses a body announced far over the limit before reading it, closing the connection', async () => {
    const { status, body, connection } = await new Promise<{
      status: number;
      body: string;
      connection?: string;
    }>((resolve, reject) => {
      const req = request(`${server.api}/apply-position`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 50 * 1024 * 1024 },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
        );
      });
      req.on('error', reject);
      req.write('--x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nRavi\r\n');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: messages.cvSize.message });
    expect(connection).toBe('close');
  });

  it('answers 413 for a text field over its bounded size, and stores nothing', async () => {
    const before = await server.repo.count('application');
    const res = await apply({ ...goodApplication, coverLetter: 'c'.repeat(40 * 1024) }, pdf);
    expect(res).toMatchObject({ status: 413, body: { message: serverMessages.tooLarge } });
    expect(await server.repo.count('application')).toBe(before);
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'x'],
    ['a garbled body', 'multipart/form-data; boundary=x', 'garbage'],
    [
      'a truncated body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nRavi',
    ],
  ])('answers 400 (not 500) for malformed multipart: %s', async (_, type, body) => {
    const before = await server.repo.count('application');
    const res = await fetch(`${server.api}/apply-position`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: serverMessages.badRequest });
    expect(await server.repo.count('application')).toBe(before);
  });

  it('answers 415 for JSON', async () => {
    const res = await postJson('apply-position', goodApplication);
    expect(res).toMatchObject({ status: 415, body: { message: serverMessages.unsupportedType } });
  });
});

describe('every endpoint', () => {
  it('answers 413 for a JSON body over 16 KB and stores nothing', async () => {
    const before = await server.repo.count('contact');
    const res = await postJson('contact', { ...goodContact, message: 'x'.repeat(17 * 1024) });
    expect(res).toMatchObject({ status: 413, body: { message: serverMessages.tooLarge } });
    expect(await server.repo.count('contact')).toBe(before);
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'email=a%40b.co'],
    ['application/xml', '<email/>'],
  ])('answers 415 for %s', async (type, body) => {
    const res = await postJson('brochure-request', body, { 'content-type': type });
    expect(res).toMatchObject({ status: 415, body: { message: serverMessages.unsupportedType } });
  });

  it('answers 415 for multipart sent to a JSON endpoint', async () => {
    const form = new FormData();
    form.append('email', 'a@b.co');
    const res = await fetch(`${server.api}/brochure-request`, { method: 'POST', body: form });
    expect(res.status).toBe(415);
  });

  it('answers 400 for malformed JSON and a JSON array', async () => {
    expect((await postJson('contact', '{"name":')).status).toBe(400);
    expect(await postJson('contact', [goodContact])).toMatchObject({
      status: 400,
      body: { message: serverMessages.badRequest },
    });
  });

  it('drops a bot filling the honeypot with a normal 200 and stores nothing', async () => {
    const counts = await Promise.all(
      (['demo', 'contact', 'brochure', 'application'] as const).map((f) => server.repo.count(f)),
    );
    expect(await postJson('contact-demo', { ...goodDemo, website: 'http://spam' })).toMatchObject({
      status: 200,
      body: { message: successMessages.demo },
    });
    expect((await postJson('contact', { ...goodContact, website: 'x' })).status).toBe(200);
    expect((await postJson('brochure-request', { email: 'a@b.co', website: 'x' })).status).toBe(200);
    expect((await apply({ ...goodApplication, website: 'x' }, pdf())).status).toBe(200);
    const after = await Promise.all(
      (['demo', 'contact', 'brochure', 'application'] as const).map((f) => server.repo.count(f)),
    );
    expect(after).toEqual(counts);
    // An empty honeypot (a person) is stored as usual.
    expect((await postJson('brochure-request', { email: 'a@b.co', website: '' })).status).toBe(200);
    expect(await server.repo.count('brochure')).toBe((counts[2] ?? 0) + 1);
  });

  it('sends a request id with every kind of answer, JSON {message} each time', async () => {
    const answers: [number, Response][] = [
      [200, await fetchJson('brochure-request', { email: 'id@example.com' })],
      [400, await fetchJson('brochure-request', { email: 'nope' })],
      [413, await fetchJson('contact', { ...goodContact, message: 'x'.repeat(17 * 1024) })],
      [415, await fetchJson('contact', 'hello', 'text/plain')],
      [404, await fetch(`${server.api}/nothing`, { method: 'POST' })],
      [400, await fetch(`${server.api}/%E0%A4%A`, { method: 'POST' })],
      [400, await fetch(`${server.url}/%E0%A4%A`)],
    ];
    const ids = new Set<string>();
    for (const [status, res] of answers) {
      expect(res.status, res.url).toBe(status);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id, `${status} ${res.url}`).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['message']);
      expect(typeof body.message).toBe('string');
    }
    expect(ids.size).toBe(answers.length);
  });

  it('does not take a request id from the client', async () => {
    const res = await fetchJson('brochure-request', { email: 'nope' }, 'application/json', {
      'x-request-id': 'attacker-chosen',
    });
    expect(res.headers.get('x-request-id')).not.toBe('attacker-chosen');
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await fetch(`${server.api}/nothing`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: serverMessages.notFound });
  });

  it('serves the forms at the API_PATHS the forms post to (one definition, src/forms/rules.ts)', () => {
    // (Not the staff area's, nor a preview link's decision: server/editor/preview/.)
    const posts = server.routes
      .filter(
        (r) =>
          r.method === 'POST' &&
          !r.url.startsWith('/backend/api/admin') &&
          !r.url.startsWith('/backend/api/preview/'),
      )
      .map((r) => r.url)
      .sort();
    expect(posts).toEqual(
      Object.values(API_PATHS)
        .map((p) => `/backend${p}`)
        .sort(),
    );
  });

  it.each(['contact-demo', 'brochure-request', 'apply-position', 'contact'])(
    'answers a GET on /%s with 405 and the method it takes',
    async (endpoint) => {
      const res = await fetch(`${server.api}/${endpoint}?from=address-bar`);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({ message: 'This address only takes POST requests.' });
    },
  );
});

function pdf() {
  return { bytes: PDF_BYTES, name: 'cv.pdf' };
}

describe('rate limiting', () => {
  it('answers 429 past the per-IP limit of an endpoint, per endpoint', async () => {
    const limited = await startTestServer({ rateLimits: { forms: 2, apply: 1, windowMs: 60_000 } });
    try {
      const post = (endpoint: string) =>
        fetch(`${limited.api}/${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@b.co' }),
        });
      expect((await post('brochure-request')).status).toBe(200);
      expect((await post('brochure-request')).status).toBe(200);
      const third = await post('brochure-request');
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({ message: serverMessages.rateLimited });
      expect(third.headers.get('retry-after')).toBeTruthy();
      expect(third.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      // Another endpoint has its own budget.
      expect((await post('contact')).status).toBe(400);
      expect(await limited.repo.count('brochure')).toBe(2);
    } finally {
      await limited.stop();
    }
  });
});

describe('rate limiting by network', () => {
  // TRUST_PROXY: the client address comes from X-Forwarded-For, so one test can be many clients.
  it('counts an IPv6 /64 as one client, and IPv4 addresses one by one', async () => {
    const limited = await startTestServer({ trustProxy: true, rateLimits: { forms: 2, windowMs: 60_000 } });
    try {
      const from = async (ip: string) =>
        (
          await fetch(`${limited.api}/brochure-request`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ email: 'a@b.co' }),
          })
        ).status;
      // Two addresses of one /64 (written differently) share its budget of 2...
      expect(await from('2001:db8:1:2::1')).toBe(200);
      expect(await from('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(200);
      expect(await from('2001:db8:1:2:abcd::7')).toBe(429);
      // ...while the neighbouring /64 has its own.
      expect(await from('2001:db8:1:3::1')).toBe(200);
      // IPv4 clients count one address at a time, also when written IPv4-mapped.
      expect(await from('198.51.100.1')).toBe(200);
      expect(await from('::ffff:198.51.100.1')).toBe(200);
      expect(await from('198.51.100.1')).toBe(429);
      expect(await from('198.51.100.2')).toBe(200);
      expect(await limited.repo.count('brochure')).toBe(6);
    } finally {
      await limited.stop();
    }
  });
});

describe('server errors', () => {
  it('answers 500 with no internals when storage fails', async () => {
    const broken = await startTestServer();
    try {
      await broken.db.db.schema.dropTable('contact_messages').execute();
      const res = await fetch(`${broken.api}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(goodContact),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Something went wrong.' });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    } finally {
      await broken.stop();
    }
  });

  it('answers 200 on no endpoint whose write did not commit (the answer waits for the database)', async () => {
    const broken = await startTestServer();
    try {
      for (const table of ['demo_requests', 'brochure_requests', 'applications', 'contact_messages'])
        await broken.db.db.schema.dropTable(table).execute();
      const json = (endpoint: string, body: unknown) =>
        fetch(`${broken.api}/${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const form = new FormData();
      for (const [k, v] of Object.entries(goodApplication)) form.append(k, v ?? '');
      form.append('cv', new Blob([new Uint8Array(PDF_BYTES)]), 'cv.pdf');
      const answers = [
        await json('contact-demo', goodDemo),
        await json('brochure-request', { email: 'a@b.co' }),
        await fetch(`${broken.api}/apply-position`, { method: 'POST', body: form }),
        await json('contact', goodContact),
      ];
      expect(answers.map((r) => r.status)).toEqual([500, 500, 500, 500]);
      for (const r of answers) expect(await r.json()).toEqual({ message: 'Something went wrong.' });
    } finally {
      await broken.stop();
    }
  });
});

describe('logs', () => {
  it('hold no personal data, even at the most verbose level and when a request fails', async () => {
    const lines: string[] = [];
    const logged = await startTestServer({
      logLevel: 'trace',
      trustProxy: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const secret = {
      name: 'Zenobia Quillfeather',
      email: 'zenobia.q@private-mail.example',
      phone: '9123456780',
      text: 'My confidential project Nightjar',
      file: 'zenobia-secret-cv.pdf',
      agent: 'AgentOfZenobia/1.0',
      ip: '198.51.100.23',
    };
    const send = (endpoint: string, body: unknown, query = '') =>
      fetch(`${logged.api}/${endpoint}${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': secret.agent,
          'x-forwarded-for': secret.ip,
        },
        body: JSON.stringify(body),
      });
    try {
      const demo = {
        name: secret.name,
        phone: secret.phone,
        email: secret.email,
        serviceType,
        query: secret.text,
      };
      expect((await send('contact-demo', demo, `?email=${encodeURIComponent(secret.email)}`)).status).toBe(
        200,
      );
      expect((await send('contact-demo', { ...demo, phone: 'x' })).status).toBe(400);
      expect((await send('contact-demo', { ...demo, website: 'bot' })).status).toBe(200);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        ...goodApplication,
        fullName: secret.name,
        email: secret.email,
        phone: secret.phone,
        coverLetter: secret.text,
      }))
        form.append(k, v ?? '');
      form.append('cv', new Blob([new Uint8Array(PDF_BYTES)]), secret.file);
      expect((await fetch(`${logged.api}/apply-position`, { method: 'POST', body: form })).status).toBe(200);
      // TRUST_PROXY: the visitor's address comes from X-Forwarded-For, and is stored truncated.
      expect((await logged.repo.list({ form: 'demo' })).map((r) => r.clientIp)).toEqual(['198.51.100.0']);
      await logged.db.db.schema.dropTable('contact_messages').execute();
      const failed = await send('contact', {
        name: secret.name,
        email: secret.email,
        mobileNumber: secret.phone,
        message: secret.text,
      });
      expect(failed.status).toBe(500);
    } finally {
      await logged.stop();
    }
    const log = lines.join('');
    // The log is really being written (requests and the failure with its request id)...
    expect(log).toContain('"statusCode":500');
    expect(log).toContain('request failed');
    // ...but nothing a visitor typed or sent about themselves.
    for (const value of [...Object.values(secret), 'zenobia', '198.51.100'])
      expect(log.toLowerCase(), value).not.toContain(value.toLowerCase());
  });
});

describe('durability', () => {
  it('keeps the data after a restart on the same data folder', async () => {
    const first = await startTestServer();
    const res = await fetch(`${first.api}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...goodContact, name: 'Before Restart' }),
    });
    expect(res.status).toBe(200);
    await first.stop();
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const rows = await second.repo.list({ form: 'contact' });
      expect(rows.map((r) => r.fields.name)).toEqual(['Before Restart']);
    } finally {
      await second.stop();
    }
  });
});

describe('on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    console.log(
      'PostgreSQL API test skipped: TEST_DATABASE_URL is not set and no server answers on 127.0.0.1:5432.',
    );
  it.runIf(url)('stores an application with its CV over HTTP', async () => {
    const pgSchema = `test_api_${process.pid}_${Date.now()}`;
    const onPg = await startTestServer({ databaseUrl: url, pgSchema });
    try {
      const form = new FormData();
      for (const [k, v] of Object.entries(goodApplication)) form.append(k, v ?? '');
      form.append('cv', new Blob([new Uint8Array(DOCX_BYTES)]), 'cv.docx');
      const res = await fetch(`${onPg.api}/apply-position`, { method: 'POST', body: form });
      expect(res.status).toBe(200);
      const [row] = await onPg.repo.list({ form: 'application' });
      expect(row?.fields).toMatchObject({ cvType: 'docx', cvSize: DOCX_BYTES.length, position });
      expect((await onPg.repo.getCv(row?.id ?? 0))?.data.equals(DOCX_BYTES)).toBe(true);
    } finally {
      await sql`drop schema ${sql.id(pgSchema)} cascade`.execute(onPg.db.db);
      await onPg.stop();
    }
  });
});
