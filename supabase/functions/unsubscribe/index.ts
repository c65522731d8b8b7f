// Public (no sign-in): the List-Unsubscribe address of every promotion.
// POST (a mail provider's one-click, RFC 8058: body "List-Unsubscribe=One-Click"): withdraws the consent of the
// token's address through unsubscribe_promotions, rate-limited per client in SQL. GET (someone opening the address
// in a browser): 303 to the shop's page /desinscription, which asks before unsubscribing.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { siteUrl } from '../_shared/http.ts';

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };

/** The visitor's address as the API gateway gave it (client_address() reads the same headers). */
function visitor(req: Request): string {
  const cf = req.headers.get('cf-connecting-ip')?.trim();
  if (cf) return cf;
  return (req.headers.get('x-forwarded-for') ?? '').split(',')[0]!.trim();
}

Deno.serve(async (req) => {
  const url = new URL(req.url);
  const token = (url.searchParams.get('t') ?? '').slice(0, 200);
  if (req.method === 'GET' || req.method === 'HEAD') {
    return new Response(null, {
      status: 303,
      headers: { Location: `${siteUrl()}/desinscription?t=${encodeURIComponent(token)}`, 'Cache-Control': 'no-store' },
    });
  }
  if (req.method !== 'POST')
    return new Response('Utilisez POST.', { status: 405, headers: { ...TEXT, Allow: 'GET, POST' } });
  await req.body?.cancel();
  const anon = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await anon.rpc('unsubscribe_promotions', { p_token: token, p_client: visitor(req) });
  if (error) {
    const status = error.code === 'PT429' ? 429 : 502;
    return new Response(error.message, { status, headers: TEXT });
  }
  return (data as { unsubscribed: boolean }).unsubscribed
    ? new Response('Désinscription enregistrée : vous ne recevrez plus nos offres par e-mail.', {
        status: 200,
        headers: TEXT,
      })
    : new Response('Lien de désinscription inconnu.', { status: 404, headers: TEXT });
});
