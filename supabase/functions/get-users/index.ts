// Admin: the registered customers for the customers screen and the promotions composer.
// Staff accounts (app_metadata.role = 'admin') are not customers: they are left out.
import { requireAdmin, serviceClient } from '../_shared/clients.ts';
import { serveJson } from '../_shared/http.ts';

const PER_PAGE = 1000;

serveJson(async (req) => {
  await requireAdmin(req);
  const admin = serviceClient();
  const users = [];
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: PER_PAGE });
    if (error) throw new Error(`Impossible de lister les utilisateurs : ${error.message}`);
    for (const u of data.users) {
      if (!u.email || u.app_metadata?.role === 'admin') continue;
      users.push({
        id: u.id,
        email: u.email,
        created_at: u.created_at,
        last_sign_in_at: u.last_sign_in_at ?? null,
        email_confirmed_at: u.email_confirmed_at ?? null,
      });
    }
    if (data.users.length < PER_PAGE) break;
  }
  return { users };
});
