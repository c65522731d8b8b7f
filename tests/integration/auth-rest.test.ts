import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { jwtPayload, signedInCustomer } from './auth-helpers.js';

// The project's own migrations: admin writes are guarded by is_admin(), which reads app_metadata.role from the JWT.
describe.each(testDatabases())('auth tokens against /rest/v1 on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  it('a customer token reads the menu but cannot write it, even with role admin in its own user_metadata', async () => {
    const { client } = await signedInCustomer(b);
    const menu = await client.from('menu_categories').select('id').limit(1);
    expect(menu.error).toBeNull();
    const grabbed = await client.auth.updateUser({ data: { role: 'admin' } });
    expect(grabbed.error).toBeNull();
    await client.auth.refreshSession();
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect(jwtPayload(token).user_metadata).toMatchObject({ role: 'admin' });
    const write = await client.from('menu_categories').insert({ id: 'piratage', name: 'Piratage', slug: 'piratage' });
    expect(write.error).toMatchObject({ code: '42501' });
  });

  it('an admin promoted through the admin API may write once their token is refreshed', async () => {
    const { client, userId } = await signedInCustomer(b);
    const promoted = await b.serviceClient().auth.admin.updateUserById(userId, { app_metadata: { role: 'admin' } });
    expect(promoted.error).toBeNull();
    const before = await client
      .from('menu_categories')
      .insert({ id: 'sobremesas_test', name: 'Sobremesas', slug: 'sobremesas-test' });
    expect(before.error).toMatchObject({ code: '42501' });
    const refreshed = await client.auth.refreshSession();
    expect(jwtPayload(refreshed.data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });
    const after = await client
      .from('menu_categories')
      .insert({ id: 'sobremesas_test', name: 'Sobremesas', slug: 'sobremesas-test' })
      .select('id');
    expect(after.error).toBeNull();
    expect(after.data).toEqual([{ id: 'sobremesas_test' }]);
  });
});
