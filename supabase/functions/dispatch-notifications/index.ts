// Delivers the notification outbox (docs/NOTIFICATIONS.md). Called by the embedded backend's dispatcher
// and, on hosted Supabase, by pg_cron through pg_net, both with the service-role key.
import { callerClient } from '../_shared/clients.ts';
import { dispatchDue } from '../_shared/dispatch.ts';
import { bearerToken, HttpError, readJson, serveJson, siteUrl } from '../_shared/http.ts';

const MAX_BATCHES = 10;

serveJson(async (req) => {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'Clé service_role requise.');
  const body = await readJson(req);
  const limit = body.limit === undefined ? 10 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new HttpError(400, 'Le champ "limit" doit être un entier entre 1 et 100.');
  // Acting as the caller: the outbox RPCs are granted to service_role only, so the database decides who may dispatch.
  const db = callerClient(token);
  const total = { claimed: 0, sent: 0, failed: 0, more: false, results: [] as unknown[] };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    let report;
    try {
      report = await dispatchDue(db, siteUrl(), limit);
    } catch (e) {
      if ((e as { code?: string }).code === '42501') throw new HttpError(403, 'Réservé au rôle service_role.');
      throw e;
    }
    total.claimed += report.claimed;
    total.sent += report.sent;
    total.failed += report.failed;
    total.results.push(...report.results);
    total.more = report.more;
    if (!report.more) break;
  }
  return total;
});
