// @vitest-environment node
/**
 * Fuzz suite: about FUZZ_RUNS (default 1,000) generated requests per form endpoint, over real HTTP
 * to a server on 127.0.0.1 (tests/failure/fuzzInputs.ts says what is generated). For every answer:
 * no 5xx, and every 4xx is JSON with a message. After each endpoint: every row it stored passes the
 * forms' own rules (src/forms/rules.ts, src/forms/characters.ts), with no control or invisible
 * character, and a CV whose bytes are the type its name says, under a name with no path in it.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { detectCvType } from '../../server/api/cv.ts';
import { TABLE_OF } from '../../server/storage/repository.ts';
import { removeTempDirs, startTestServer, type TestServer, testSiteFacts } from '../../server/testSupport.ts';
import { hasInvisible } from '../../src/forms/characters.ts';
import {
  API_PATHS,
  CV_EXTENSIONS,
  checkApplication,
  checkBrochure,
  checkContact,
  checkDemo,
  type RuleFailure,
} from '../../src/forms/rules.ts';
import { type FuzzRequest, jsonRequests, multipartRequests } from './fuzzInputs.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const facts = testSiteFacts();
const serviceType = facts.serviceTypes[0] ?? '';
const position = facts.positions[0] ?? '';

let server: TestServer;
/** The server runs in this process: a prototype-pollution key that worked would show here. */
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { apply: 1_000_000, forms: 1_000_000 } });
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

const statuses = new Map<number, number>();

async function send(path: string, request: FuzzRequest): Promise<void> {
  const res = await fetch(`${server.api}${path.replace('/api', '')}`, {
    method: 'POST',
    headers: request.contentType ? { 'content-type': request.contentType } : {},
    body: new Uint8Array(request.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const where = `${request.kind}: HTTP ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 500) throw new Error(`5xx for ${where}`);
  if (res.status >= 400) {
    if (!res.headers.get('content-type')?.startsWith('application/json'))
      throw new Error(`4xx not JSON for ${where}`);
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message !== 'string' || !body.message.trim())
      throw new Error(`4xx without a message for ${where}`);
  }
}

/** Control characters a stored value may not hold (multiline fields may hold \n and \t). */
function badCharacters(value: unknown, multiline: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = multiline ? value.replace(/\r\n|\n|\t/g, ' ') : value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u.test(text)) return 'control character';
  // Lone surrogates (\p{Cs} with /u matches only unpaired ones).
  if (hasInvisible(value)) return 'invisible character';
  return undefined;
}

type Row = Record<string, unknown>;

async function storedRows(table: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(server.db.db);
  return rows;
}

function problems(
  rows: Row[],
  check: (row: Row) => RuleFailure | null | string,
  multiline: string[],
): string[] {
  const found: string[] = [];
  for (const row of rows) {
    const failure = check(row);
    if (failure) found.push(`row ${row.id}: ${typeof failure === 'string' ? failure : failure.message}`);
    for (const [column, value] of Object.entries(row)) {
      if (['cv_data', 'user_agent', 'client_ip'].includes(column)) continue;
      const bad = badCharacters(value, multiline.includes(column));
      if (bad) found.push(`row ${row.id}: ${bad} in ${column} ${JSON.stringify(value).slice(0, 80)}`);
    }
  }
  return found;
}

const s = (v: unknown) => String(v ?? '');

async function fuzz(path: string, arbitrary: fc.Arbitrary<FuzzRequest>): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, (request) => send(path, request)),
    { numRuns: RUNS, endOnFailure: false },
  );
}

describe(`fuzzing each form endpoint over HTTP (${RUNS} requests each)`, () => {
  afterAll(() => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `Fuzz suite: ${total} requests; answers ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', ')}`,
    );
  });

  it('contact: no 5xx, every 4xx JSON with a message, every stored row valid', async () => {
    await fuzz(
      API_PATHS.contact,
      jsonRequests({
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobileNumber: '9876543210',
        message: 'Hello from the fuzzer.',
      }),
    );
    const rows = await storedRows(TABLE_OF.contact);
    expect(
      problems(
        rows,
        (r) =>
          checkContact({
            name: s(r.name),
            email: s(r.email),
            mobileNumber: s(r.mobile_number),
            message: s(r.message),
          }),
        ['message'],
      ),
    ).toEqual([]);
  }, 120_000);

  it('contact-demo: no 5xx, every 4xx JSON with a message, every stored row valid', async () => {
    await fuzz(
      API_PATHS.demo,
      jsonRequests({
        name: 'Asha Rao',
        phone: '9876543210',
        email: 'asha@example.com',
        serviceType,
        query: 'A demo, please.',
      }),
    );
    const rows = await storedRows(TABLE_OF.demo);
    expect(
      problems(
        rows,
        (r) =>
          checkDemo({
            name: s(r.name),
            phone: s(r.phone),
            email: s(r.email),
            serviceType: s(r.service_type),
            query: s(r.query),
          }) ??
          (facts.serviceTypes.includes(s(r.service_type))
            ? null
            : `unknown service type ${s(r.service_type)}`),
        ['query'],
      ),
    ).toEqual([]);
  }, 120_000);

  it('brochure-request: no 5xx, every 4xx JSON with a message, every stored row valid', async () => {
    await fuzz(API_PATHS.brochure, jsonRequests({ email: 'asha@example.com' }));
    const rows = await storedRows(TABLE_OF.brochure);
    expect(problems(rows, (r) => checkBrochure({ email: s(r.email) }), [])).toEqual([]);
  }, 120_000);

  it('apply-position: no 5xx, every 4xx JSON with a message, every stored row and CV valid', async () => {
    await fuzz(
      API_PATHS.application,
      multipartRequests({
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        coverLetter: 'I would like to apply.',
        position,
      }),
    );
    const rows = await storedRows(TABLE_OF.application);
    const cvProblems: string[] = [];
    for (const r of rows) {
      const data = Buffer.from(r.cv_data as Uint8Array);
      const name = s(r.cv_name);
      if (createHash('sha256').update(data).digest('hex') !== r.cv_sha256)
        cvProblems.push(`row ${r.id}: CV hash`);
      if (data.length !== Number(r.cv_size)) cvProblems.push(`row ${r.id}: CV size`);
      if (!(CV_EXTENSIONS as readonly string[]).includes(s(r.cv_type)))
        cvProblems.push(`row ${r.id}: CV type ${s(r.cv_type)}`);
      if ((await detectCvType(data)) !== r.cv_type)
        cvProblems.push(`row ${r.id}: CV bytes are not ${s(r.cv_type)}`);
      if (/[/\\]|^\.|\0/.test(name)) cvProblems.push(`row ${r.id}: CV name ${JSON.stringify(name)}`);
    }
    expect(cvProblems).toEqual([]);
    expect(
      problems(
        rows,
        (r) =>
          checkApplication({
            fullName: s(r.full_name),
            email: s(r.email),
            phone: s(r.phone),
            coverLetter: s(r.cover_letter),
            position: s(r.position),
            cv: { name: s(r.cv_name), size: Number(r.cv_size) },
          }) ?? (facts.positions.includes(s(r.position)) ? null : `position ${s(r.position)} is not open`),
        ['cover_letter'],
      ),
    ).toEqual([]);
  }, 120_000);

  it('leaves Object.prototype as it was (no prototype pollution)', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
