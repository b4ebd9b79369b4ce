import { apiUrl, postJson, postMultipart } from './api.ts';
import { jsonResponse, stubFetch } from './testing.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('joins the backend base and the path with one slash', () => {
    expect(apiUrl('/backend', '/api/contact')).toBe('/backend/api/contact');
    expect(apiUrl('https://api.example.com/', 'api/contact')).toBe('https://api.example.com/api/contact');
  });

  it('posts JSON with a JSON content type', async () => {
    const fetch = stubFetch(jsonResponse(200, { ok: true }));
    const result = await postJson('/backend/api/brochure-request', { email: 'a@b.in' });
    expect(result).toEqual({ kind: 'response', status: 200, ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/backend/api/brochure-request');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.in' });
  });

  it('reads the message field of an error answer when asked', async () => {
    stubFetch(jsonResponse(400, { message: 'Unknown service type' }));
    expect(await postJson('/x', {}, { readMessage: true })).toEqual({
      kind: 'response',
      status: 400,
      ok: false,
      message: 'Unknown service type',
    });
  });

  it('does not read the body unless asked', async () => {
    stubFetch(jsonResponse(500, { message: 'boom' }));
    expect(await postJson('/x', {})).toEqual({ kind: 'response', status: 500, ok: false });
  });

  it('copes with an error answer that is not JSON or has no message', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await postJson('/x', {}, { readMessage: true })).toEqual({
      kind: 'response',
      status: 502,
      ok: false,
    });
    stubFetch(jsonResponse(400, { error: 'x' }));
    expect(await postJson('/x', {}, { readMessage: true })).toEqual({
      kind: 'response',
      status: 400,
      ok: false,
    });
  });

  it('reports a network failure as such', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    expect(await postJson('/x', {})).toEqual({ kind: 'network' });
  });

  it('posts multipart without setting the content type (the browser adds the boundary)', async () => {
    const fetch = stubFetch(jsonResponse(200));
    const body = new FormData();
    body.append('fullName', 'Asha');
    await postMultipart('/backend/api/apply-position', body);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(body);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});
