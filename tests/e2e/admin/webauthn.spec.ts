import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ensureAdmin } from '../../../src/backend/cli/admin-user';
import { startBackend, type Backend } from '../../../src/backend/server';
import { PGLITE_ARCHIVE_ENV } from '../../helpers/db-snapshot';
import { GENEROUS_AUTH_LIMITS } from '../../helpers/rate-limits';

// This file's own backend turns security keys on by environment (AUTH_MFA_WEB_AUTHN_*), whatever config.toml says.
let backend: Backend;
test.beforeAll(async () => {
  backend = await startBackend(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      pgliteArchive: process.env[PGLITE_ARCHIVE_ENV] ?? null,
      databaseUrl: null,
      jwtSecret: crypto.randomBytes(32).toString('hex'),
      authAutoconfirm: false,
    },
    {
      ...process.env,
      ...GENEROUS_AUTH_LIMITS,
      AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'true',
      AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true',
    },
  );
});
test.afterAll(async () => {
  await backend?.close();
});

test.describe('security key (WebAuthn) with a real browser', () => {
  test("auth-js registers a key with Chromium's virtual authenticator, and a later password sign-in is raised to aal2 with it", async ({
    browser,
  }) => {
    const admin = { email: `admin.${crypto.randomBytes(4).toString('hex')}@exemple.lu`, password: 'Adm-chave-42' };
    const service = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false },
      // Node 20 has no global WebSocket: realtime-js needs `ws` as its transport.
      realtime: { transport: WebSocket as never },
    });
    await ensureAdmin(service, admin.email, admin.password);
    // auth-js' own bundle is loaded into a page of the backend, whose script-src does not list inline scripts.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Browsers take a domain as the relying party, never an IP address: the back office opened at localhost.
    const origin = backend.url.replace('127.0.0.1', 'localhost');
    await page.goto(`${origin}/admin/login`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'usb',
        hasResidentKey: false,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.addScriptTag({ path: path.resolve('node_modules/@supabase/supabase-js/dist/umd/supabase.js') });

    const result = await page.evaluate(
      async ({ url, anonKey, email, password }) => {
        type Client = {
          auth: {
            signInWithPassword(p: object): Promise<{ error: { message: string } | null }>;
            signOut(p: object): Promise<unknown>;
            mfa: {
              webauthn: {
                register(
                  p: object,
                ): Promise<{ data: { access_token: string } | null; error: { message: string } | null }>;
                authenticate(
                  p: object,
                ): Promise<{ data: { access_token: string } | null; error: { message: string } | null }>;
              };
              listFactors(): Promise<{ data: { webauthn: { id: string; friendly_name: string }[] } }>;
              getAuthenticatorAssuranceLevel(): Promise<{ data: { currentLevel: string; nextLevel: string } }>;
            };
          };
        };
        const lib = (window as unknown as { supabase: { createClient(u: string, k: string, o: object): Client } })
          .supabase;
        const sb = lib.createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
        const claims = (token: string) =>
          JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as {
            aal: string;
            amr: { method: string }[];
          };
        const first = await sb.auth.signInWithPassword({ email, password });
        if (first.error) throw new Error(first.error.message);
        const registered = await sb.auth.mfa.webauthn.register({ friendlyName: 'Chave do balcão' });
        if (!registered.data) throw new Error(`register: ${registered.error?.message}`);
        const factors = (await sb.auth.mfa.listFactors()).data.webauthn;

        await sb.auth.signOut({ scope: 'local' });
        const again = await sb.auth.signInWithPassword({ email, password });
        if (again.error) throw new Error(again.error.message);
        const before = (await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data;
        const signedIn = await sb.auth.mfa.webauthn.authenticate({ factorId: factors[0].id });
        if (!signedIn.data) throw new Error(`authenticate: ${signedIn.error?.message}`);
        const after = (await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data;
        return {
          registered: claims(registered.data.access_token),
          factors: factors.map((f) => f.friendly_name),
          before,
          authenticated: claims(signedIn.data.access_token),
          after,
        };
      },
      { url: origin, anonKey: backend.anonKey, email: admin.email, password: admin.password },
    );

    expect(result.registered.aal).toBe('aal2');
    expect(result.registered.amr.map((a) => a.method)).toEqual(['mfa/webauthn', 'password']);
    expect(result.factors).toEqual(['Chave do balcão']);
    expect(result.before).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(result.authenticated.aal).toBe('aal2');
    expect(result.after).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    // The key the browser holds signed twice (registration, then sign-in), and the server kept its counter.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    const stored = await backend.db.query<{ id: string; n: number; rp: string }>(
      `select web_authn_credential ->> 'id' as id, (web_authn_credential ->> 'sign_count')::int as n,
              web_authn_credential ->> 'rp_id' as rp
         from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = $1`,
      [admin.email],
    );
    expect(errors).toEqual([]);
    expect(stored.rows).toEqual([
      {
        id: Buffer.from(credentials[0].credentialId, 'base64').toString('base64url'),
        n: credentials[0].signCount,
        rp: 'localhost',
      },
    ]);
    await context.close();
  });
});
