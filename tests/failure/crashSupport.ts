/**
 * What the crash suite needs: a server in a child process (crashChild.ts) that can be SIGKILLed
 * and started again on the same data, and a load of valid submissions of all four forms (one in
 * five an application with a CV), each carrying a unique email address to find its row by.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../server/config.ts';
import type { FormName } from '../../server/storage/repository.ts';
import { DOCX_BYTES, PDF_BYTES } from '../../server/testSupport.ts';
import { API_PATHS } from '../../src/forms/rules.ts';

export interface ChildServer {
  api: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts crashChild.ts with `env`; resolves once it listens. */
export function startChild(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'tests/failure/crashChild.ts')],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => {
    errors += c.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in 30 s.\n${errors}`)), 30_000);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const port = /^LISTENING (\d+)$/.exec(line)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ api: `http://127.0.0.1:${port}/backend/api`, process: child, exited });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening.\n${errors}`));
    });
  });
}

export interface Submission {
  form: FormName;
  /** Unique per submission: the row is found by it. */
  email: string;
  /** sha256 of the CV (applications). */
  cvSha256?: string;
  cvSize?: number;
  send(api: string, signal: AbortSignal): Promise<Response>;
}

const FORM_ORDER: FormName[] = ['contact', 'application', 'demo', 'brochure', 'contact'];

/** The i-th submission of a run: the four forms in turn, an application every fifth. */
export function submission(
  i: number,
  run: string,
  lists: { serviceTypes: readonly string[]; positions: readonly string[] },
): Submission {
  const form = FORM_ORDER[i % FORM_ORDER.length] as FormName;
  const email = `r${run}.n${i}@example.com`;
  const json = (path: string, body: Record<string, string>) => (api: string, signal: AbortSignal) =>
    fetch(`${api}${path.replace('/api', '')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  if (form === 'contact')
    return {
      form,
      email,
      send: json(API_PATHS.contact, {
        name: `Crash Test ${i}`,
        email,
        mobileNumber: '9876543210',
        message: `Submission ${i} of run ${run}, sent while the server may die.`,
      }),
    };
  if (form === 'demo')
    return {
      form,
      email,
      send: json(API_PATHS.demo, {
        name: `Crash Test ${i}`,
        phone: '9876543210',
        email,
        serviceType: lists.serviceTypes[0] ?? '',
        query: `Demo request ${i}.`,
      }),
    };
  if (form === 'brochure') return { form, email, send: json(API_PATHS.brochure, { email }) };
  // Applications: a PDF or a DOCX, with a few unique bytes so that each CV has its own hash.
  const base = i % 2 ? PDF_BYTES : DOCX_BYTES;
  const cv = i % 2 ? Buffer.concat([base, Buffer.from(`% ${run}-${i}\n`)]) : base;
  const ext = i % 2 ? 'pdf' : 'docx';
  return {
    form,
    email,
    cvSha256: createHash('sha256').update(cv).digest('hex'),
    cvSize: cv.length,
    send: (api, signal) => {
      const body = new FormData();
      body.set('fullName', `Crash Test ${i}`);
      body.set('email', email);
      body.set('phone', '9876543210');
      body.set('coverLetter', `Application ${i} of run ${run}.`);
      body.set('position', lists.positions[0] ?? '');
      body.set('cv', new Blob([new Uint8Array(cv)]), `cv-${i}.${ext}`);
      return fetch(`${api}${API_PATHS.application.replace('/api', '')}`, { method: 'POST', body, signal });
    },
  };
}
