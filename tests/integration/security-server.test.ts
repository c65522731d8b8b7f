import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

/**
 * Attacks on the HTTP server itself, as an outside page or client would try them against `npm start`:
 * one test per attack, each failing on the server as it was before the fix.
 */
describe.each(testDatabases())('server security on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  it('answers 400, never 500, to a NUL or a malformed percent-encoding in any path', async () => {
    const paths = [
      '/%00',
      '/admin/%00',
      '/assets/x%00.js',
      '/env.js%00',
      '/%E0%A4%A',
      '/storage/v1/object/public/%00',
      '/rest/v1/%00',
      '/rest/v1/rpc/%00',
      '/rest/v1/%ZZ',
      '/auth/v1/user%00',
      '/auth/v1/%ZZ',
      '/functions/v1/a%00b',
      '/_mailbox/api/messages/%00',
    ];
    for (const p of paths) {
      const res = await fetch(b.url + p, { headers: { apikey: b.anonKey } });
      expect(res.status, p).toBe(400);
      await res.arrayBuffer();
    }
    const rest = (await (await fetch(`${b.url}/rest/v1/%00`, { headers: { apikey: b.anonKey } })).json()) as { code: string };
    expect(rest.code).toBe('PGRST100');
    // The server still answers normally afterwards.
    expect((await fetch(`${b.url}/rest/v1/menu_items?select=id&limit=1`, { headers: { apikey: b.anonKey } })).status).toBe(200);
  });
});
