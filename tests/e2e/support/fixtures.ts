import crypto from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startBackend, type Backend } from '../../../src/backend/server';
import { ensureAdmin } from '../../../src/backend/cli/admin-user';
import { GENEROUS_AUTH_LIMITS, GENEROUS_PRODUCT_LIMITS_SQL } from '../../helpers/rate-limits';
import { PGLITE_ARCHIVE_ENV } from '../../helpers/db-snapshot';

export interface MailboxMessage {
  id: string;
  kind: 'email' | 'sms';
  to: string[];
  subject: string | null;
  html: string | null;
  body: string | null;
  created_at: string;
}

export interface E2EBackend extends Backend {
  service: SupabaseClient;
  /** A new admin account (unique e-mail) with its password. */
  createAdmin(): Promise<{ email: string; password: string }>;
  /** A new confirmed customer account. */
  createCustomer(): Promise<{ email: string; password: string; id: string }>;
  /** Messages captured by the outbox provider, newest first. */
  mailbox(to?: string): Promise<MailboxMessage[]>;
}

export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}.${crypto.randomBytes(4).toString('hex')}@exemple.lu`;
}

/**
 * One backend per Playwright worker: in-memory PGlite, migrations and seed applied, serving the built
 * apps exactly like `npm start`. Tests share it, so each test uses its own accounts and orders.
 */
export const test = base.extend<{ backend: E2EBackend }, { workerBackend: E2EBackend }>({
  workerBackend: [
    async ({}, use) => {
      const backend = await startBackend(
        {
          port: 0,
          host: '127.0.0.1',
          dataDir: null,
          // Migrated and seeded by the global setup: no initdb and no migrations per worker.
          pgliteArchive: process.env[PGLITE_ARCHIVE_ENV] ?? null,
          databaseUrl: null,
          jwtSecret: crypto.randomBytes(32).toString('hex'),
          authAutoconfirm: false,
        },
        // Every sign-in of a worker's tests comes from 127.0.0.1 within minutes: GoTrue's per-address limits
        // raised, as for the integration tests (which exercise the real ones).
        { ...process.env, ...GENEROUS_AUTH_LIMITS },
      );
      await backend.db.query(GENEROUS_PRODUCT_LIMITS_SQL);
      // Node 20 has no global WebSocket: realtime-js needs `ws` as its transport.
      const service = createClient(backend.url, backend.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      });
      const e2e: E2EBackend = {
        ...backend,
        service,
        async createAdmin() {
          const email = uniqueEmail('admin');
          const password = `Adm-${crypto.randomBytes(6).toString('hex')}`;
          await ensureAdmin(service, email, password);
          return { email, password };
        },
        async createCustomer() {
          const email = uniqueEmail();
          const password = `Cli-${crypto.randomBytes(6).toString('hex')}`;
          const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
          if (error) throw error;
          return { email, password, id: data.user.id };
        },
        async mailbox(to?: string) {
          const url = new URL(`${backend.url}/_mailbox/api/messages`);
          if (to) url.searchParams.set('to', to);
          const r = await fetch(url, { headers: { 'X-Mailbox-Key': backend.mailboxSecret ?? '' } });
          if (!r.ok) throw new Error(`mailbox: HTTP ${r.status}`);
          return ((await r.json()) as { messages: MailboxMessage[] }).messages;
        },
      };
      await use(e2e);
      await backend.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  backend: async ({ workerBackend }, use) => {
    // Orders left waiting by an earlier test would ring and fill the admin's acceptance panel in this
    // one: each test starts with none waiting (accepted quietly: no trigger, no e-mail, no realtime).
    await workerBackend.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.orders set status = 'Bien reçu', accepted_at = now() where status = 'En attente'`);
    });
    await use(workerBackend);
  },
  baseURL: async ({ workerBackend }, use) => use(workerBackend.url),
  page: async ({ page, workerBackend }, use, testInfo) => {
    // Any console error or uncaught exception of our own pages fails the test: the apps must run clean.
    // Third-party frames (the map embed) cannot load on a machine without internet; they are not ours.
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const where = m.location().url ?? '';
      if (where && !where.startsWith(workerBackend.url)) return;
      if (
        /Failed to load resource/.test(m.text()) &&
        /net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/.test(m.text())
      )
        return;
      // A refusal or failure the test provokes on purpose (annotation 'server-refusal' naming the request's path):
      // the browser logs every 4xx and 5xx answer, the app shows it as the toast or panel the test checks.
      if (
        /Failed to load resource: the server responded with a status of [45]\d\d/.test(m.text()) &&
        testInfo.annotations.some((a) => a.type === 'server-refusal' && where.includes(a.description ?? '\0'))
      )
        return;
      problems.push(`console.error: ${m.text()} (${where})`);
    });
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/**
 * Saves a screenshot under test-results/screens/<name>-<project>.png to look at (the whole page unless
 * `fullPage: false`: what the screen shows, e.g. a dialog over the page).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const project = test.info().project.name;
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png`, fullPage });
}
