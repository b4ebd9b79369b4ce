/**
 * Test helpers of the Content section: a fake content API (server/editor's contract, notes
 * EDITOR.md) over this repository's own files, as a `fetch` stub, so tests see real pages.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { pageEntryOf, parsedPage } from '../../content/pageEntry.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { PageSummary, SiteFiles } from './api.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');
export const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** site.yaml and every page of the repository, by content-relative path. */
export function repositoryTexts(): Map<string, string> {
  const files = new Map<string, string>([['site.yaml', readFileSync(path.join(ROOT, 'site.yaml'), 'utf8')]]);
  for (const abs of filesUnder(path.join(ROOT, 'pages'))) files.set(rel(abs), readFileSync(abs, 'utf8'));
  return files;
}

export function repositoryImages(): SiteFiles['images'] {
  return filesUnder(path.join(ROOT, 'public/images'))
    .filter((f) => /\.(svg|png|jpe?g|webp|avif)$/.test(f))
    .map((abs) => ({ path: `/${rel(abs).slice('public/'.length)}`, width: 1200, height: 800 }));
}

export interface FakeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeServer {
  fetch: typeof fetch;
  calls: FakeCall[];
  texts: Map<string, string>;
  /** Replace the answer to one method+path (e.g. 'PUT /file') for the next calls. */
  answer(route: string, handler: (body: unknown, url: URL) => { status: number; body: unknown }): void;
}

export function fakeServer(): FakeServer {
  const texts = repositoryTexts();
  const images = repositoryImages();
  const calls: FakeCall[] = [];
  const overrides = new Map<string, (body: unknown, url: URL) => { status: number; body: unknown }>();

  const handle = (method: string, url: URL, body: unknown): { status: number; body: unknown } => {
    const route = `${method} ${url.pathname.replace(/^.*\/content/, '')}`;
    const override = overrides.get(route);
    if (override) return override(body, url);
    switch (route) {
      case 'GET /site':
        return {
          status: 200,
          body: {
            files: Object.fromEntries([...texts].map(([f, text]) => [f, { text, version: sha(text) }])),
            images,
            history: { enabled: true },
          } satisfies SiteFiles,
        };
      case 'GET /pages':
        return {
          status: 200,
          body: {
            pages: [...texts]
              .filter(([f]) => f.startsWith('pages/'))
              .map(
                ([file, text]): PageSummary => ({
                  // What the server answers: the entry of src/content/pageEntry.ts, and a change.
                  ...pageEntryOf(file, parsedPage(text), bundledSchemas),
                  lastChange: { name: 'Priya', date: '2026-11-20T10:30:00Z' },
                }),
              ),
          },
        };
      case 'GET /history':
        return {
          status: 200,
          body: {
            enabled: true,
            versions: [
              {
                commit: 'a'.repeat(40),
                name: 'Priya',
                email: 'priya@example.com',
                date: '2026-11-20T10:30:00Z',
                subject: 'Shorter intro',
              },
            ],
          },
        };
      case 'GET /version':
        return { status: 200, body: { text: texts.get(url.searchParams.get('file') ?? '') ?? '' } };
      case 'GET /publish':
        return { status: 200, body: { state: 'done', durationMs: 1200 } };
      case 'GET /drafts':
        // The fake keeps no drafts (a server under `npm run dev`); tests that need them answer it.
        return { status: 200, body: { enabled: false, drafts: [] } };
      case 'GET /reviews':
        // No review (CONTENT_REVIEW off); tests of the review answer it, and /drafts' `review`.
        return { status: 200, body: { required: false, mayPublish: true, reviews: [] } };
      case 'POST /publish':
        return { status: 202, body: { state: 'running' } };
      case 'GET /releases':
        return {
          status: 200,
          body: {
            releases: [
              {
                id: 2,
                state: 'failed',
                contentCommit: null,
                codeVersion: null,
                publishedBy: { name: 'Ravi', email: 'ravi@example.com' },
                startedAt: '2026-11-21T09:00:00Z',
                finishedAt: '2026-11-21T09:00:05Z',
                pages: null,
                message: 'Not published: the build stopped.',
              },
              {
                id: 1,
                state: 'live',
                contentCommit: 'a'.repeat(40),
                codeVersion: '0123456789abcdef',
                publishedBy: { name: 'Priya', email: 'priya@example.com' },
                startedAt: '2026-11-20T10:30:00Z',
                finishedAt: '2026-11-20T10:30:12Z',
                pages: 31,
                message: 'Published: 31 pages are live (built in 12.0 s).',
              },
            ],
          },
        };
      default:
        return { status: 404, body: { message: `No route ${route}` } };
    }
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    calls.push({ method, url: url.pathname + url.search, headers: { ...(init.headers as object) }, body });
    const answer = handle(method, url, body);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  return {
    fetch: fetchStub as unknown as typeof fetch,
    calls,
    texts,
    answer: (route, handler) => overrides.set(route, handler),
  };
}
