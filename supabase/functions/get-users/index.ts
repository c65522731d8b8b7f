// Admin: the registered customers for the customers screen and the promotions composer.
// Back-office accounts (any app_metadata.role of staff-roles.ts) are not customers: they are left out.
import { requireStaff, serviceClient } from '../_shared/clients.ts';
import { serveJson } from '../_shared/http.ts';
import { staffRoleOf } from '../_shared/staff-roles.ts';

const PER_PAGE = 1000;

serveJson(async (req) => {
  await requireStaff(req, 'manager');
  const admin = serviceClient();
  const users = [];
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: PER_PAGE });
    if (error) throw new Error(`Impossible de lister les utilisateurs : ${error.message}`);
    for (const u of data.users) {
      if (!u.email || staffRoleOf(u.app_metadata?.role)) continue;
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
