import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

describe.each(testDatabases())('bootstrap on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase' });
  });
  afterAll(async () => b?.close());

  it('creates the Supabase roles, auth helpers and the realtime publication', async () => {
    const roles = await b.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role') order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
    const uid = await b.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: '6f1f7a4e-0d7c-4b59-9f5e-3f2a1b0c9d8e', role: 'authenticated', email: 'a@b.lu' }),
      ]);
      return (
        await tx.query<{ uid: string; role: string; email: string; cur: string }>(
          `select auth.uid()::text as uid, auth.role() as role, auth.email() as email, current_user::text as cur`,
        )
      ).rows[0];
    });
    expect(uid).toEqual({
      uid: '6f1f7a4e-0d7c-4b59-9f5e-3f2a1b0c9d8e',
      role: 'authenticated',
      email: 'a@b.lu',
      cur: 'authenticated',
    });
    const pub = await b.db.query(`select 1 from pg_publication where pubname = 'supabase_realtime'`);
    expect(pub.rows).toHaveLength(1);
  });
});
