/**
 * Tests place many orders, reservations and tracking lookups from 127.0.0.1 within minutes: they raise
 * the product rate limits (a table only the service role changes). tests/integration/security-db.test.ts
 * exercises the real ones.
 */
export const GENEROUS_PRODUCT_LIMITS = { max_hits: 1_000_000 };

// Fixture schemas (REST, realtime, functions tests) have no rate_limits table: nothing to raise there.
export const GENEROUS_PRODUCT_LIMITS_SQL = `do $$ begin
  if to_regclass('public.rate_limits') is not null then
    update public.rate_limits set max_hits = ${GENEROUS_PRODUCT_LIMITS.max_hits};
  end if;
end $$`;

/** The same through the REST API with the service-role key, for a backend in another process. */
export async function relaxProductRateLimits(url: string, serviceRoleKey: string): Promise<void> {
  const r = await fetch(`${url}/rest/v1/rate_limits?max_hits=gte.1`, {
    method: 'PATCH',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify(GENEROUS_PRODUCT_LIMITS),
  });
  if (!r.ok) throw new Error(`raising the product rate limits: HTTP ${r.status} ${await r.text()}`);
}

/**
 * The product limits count in fixed windows (an hour starts on the hour). A test that expects a window's exact
 * count must not straddle two: when fewer than `needSeconds` are left in the current window, this waits for the
 * next one to begin (at most `needSeconds` + 1 s): a test that calls it gives itself that much more than the default
 * 60 s bound (a test started in the last two minutes of an hour timed out waiting for the next).
 */
export async function startOfFreshWindow(windowSeconds: number, needSeconds: number): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < needSeconds * 1000) await new Promise((r) => setTimeout(r, left + 1000));
}

/**
 * Tests sign many users up and in from 127.0.0.1 within minutes (the browser tests' one backend per worker
 * too): the auth rate limits are raised (tests/integration/security-auth.test.ts exercises the real ones).
 */
export const GENEROUS_AUTH_LIMITS: Record<string, string> = {
  AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  AUTH_RATE_LIMIT_FAILED_SIGN_INS: '100000',
  // SMS codes per client address and for the whole backend (tests/integration/auth-phone.test.ts runs the real ones).
  AUTH_RATE_LIMIT_SMS_SENT: '100000',
  AUTH_RATE_LIMIT_SMS_TOTAL: '100000',
};
