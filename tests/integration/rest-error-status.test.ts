import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLSTATE_STATUS } from '../../src/backend/rest/errors.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

// One SQLSTATE for each row of PostgREST's table, raised by the database itself (classes 53000, 53100 and 58030
// are left out: the backend reads them as a failing disk and refuses writes for a while).
const RAISED: Record<string, string> = {
  '08*': '08006',
  '09*': '09000',
  '0L*': '0L000',
  '0P*': '0P000',
  '25*': '25001',
  '28*': '28P01',
  '2D*': '2D000',
  '38*': '38001',
  '39*': '39004',
  '3B*': '3B001',
  '40*': '40001',
  '53*': '53200',
  '54*': '54000',
  '55*': '55P03',
  '57*': '57014',
  '58*': '58000',
  'F0*': 'F0001',
  'HV*': 'HV000',
  'P0*': 'P0002',
  'XX*': 'XX000',
};

describe.each(testDatabases())('HTTP status of database errors on %s', (kind) => {
  let b: TestBackend;
  const rest = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: b.anonKey, 'Content-Type': 'application/json', ...init.headers },
    });
  const raise = async (code: string, token?: string) => {
    const res = await rest('rpc/error_status_probe', {
      method: 'POST',
      body: JSON.stringify({ p_code: code }),
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    });
    return { status: res.status, body: (await res.json()) as { code: string; message: string } };
  };

  beforeAll(async () => {
    b = await startTestBackend(kind);
    await b.db.query(
      `create function public.error_status_probe(p_code text) returns void language plpgsql as $$
       begin raise exception 'probe %', p_code using errcode = p_code; end $$`,
    );
    await b.db.query('grant execute on function public.error_status_probe(text) to anon, service_role');
  });
  afterAll(async () => b?.close());

  it('a boolean, number or date filter given a word or a negative number is the client’s error (22P02, 22007), never a 500', async () => {
    const bad = [
      'menu_items?unavailable=lt.-397',
      'menu_items?unavailable=eq.abc',
      'menu_items?unavailable=in.(yes,maybe)',
      'menu_items?unavailable=not.eq.2',
      'menu_items?price=gt.abc',
      'menu_items?created_at=lt.soon',
    ];
    for (const path of bad) {
      const res = await rest(path);
      const body = (await res.json()) as { code: string; message: string };
      expect({ path, status: res.status, code: body.code }).toEqual({
        path,
        status: 400,
        code: path.includes('created_at') ? '22007' : '22P02',
      });
      expect(body.message).toMatch(/^invalid input syntax for type /);
    }
    const boolean = await (await rest('menu_items?unavailable=lt.-397')).json();
    expect(boolean).toMatchObject({ message: 'invalid input syntax for type boolean: "-397"' });
    // Spellings PostgreSQL accepts for a boolean still filter.
    for (const word of ['true', 'f', 'yes', 'off', '1', 'TRUE'])
      expect((await rest(`menu_items?select=id&unavailable=eq.${word}`)).status).toBe(200);
  });

  it('answers every SQLSTATE class with PostgREST’s status, the code and the message kept', async () => {
    const codes = SQLSTATE_STATUS.map(([pattern]) => RAISED[pattern] ?? pattern);
    for (const [i, [pattern, status]] of SQLSTATE_STATUS.entries()) {
      const code = codes[i]!;
      const got = await raise(code, b.serviceRoleKey);
      expect({ pattern, code, status: got.status, body: got.body }).toMatchObject({
        pattern,
        code,
        status,
        body: { code, message: `probe ${code}` },
      });
    }
    // 42501 without a JWT is 401; PTxyz answers xyz; every other code is 400.
    expect((await raise('42501')).status).toBe(401);
    expect((await raise('PT402')).status).toBe(402);
    for (const other of ['22P02', '22003', '23502', '23514', '42703', '0A000', '2F005', '3D000', '3F000', '44000'])
      expect({ other, status: (await raise(other)).status }).toEqual({ other, status: 400 });
  });
});
