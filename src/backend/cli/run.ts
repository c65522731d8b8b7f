import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { startBackend, type Backend } from '../server.js';
import { mailboxOffReason } from '../config.js';
import { ensureAdmin } from './admin-user.js';
import { backupSettings } from '../backup/service.js';

export const DEMO_ADMIN_EMAIL = 'admin@demo.lu';
/** The demo's manager and counter accounts (the admin above is the owner). */
export const DEMO_TEAM = [
  { email: 'gerente@demo.lu', role: 'manager' },
  { email: 'balcao@demo.lu', role: 'staff' },
] as const;

/** Starts the backend from the environment, prints where everything is, and stops cleanly on Ctrl-C. */
export async function runServer(): Promise<Backend> {
  const backend = await startBackend();
  const { config } = backend.context;
  console.log('');
  console.log(
    `  Database   ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir ?? 'memory'}`}`,
  );
  if (config.dataDir) {
    const auto = backupSettings(config.env).auto ? 'a backup every day' : 'automatic backups off';
    console.log(`  Backups    ${config.dataDir}/backups  (${auto}; npm run backup, npm run restore)`);
  }
  if (backend.migrations.applied.length) console.log(`  Migrations applied: ${backend.migrations.applied.join(', ')}`);
  if (backend.migrations.seeded) console.log('  Seed data loaded (menu, settings, delivery zones).');

  if (backend.migrations.fresh) {
    // Node 20 has no global WebSocket: supabase-js needs `ws` even when it never opens a channel.
    const service = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    try {
      const admin = await ensureAdmin(service, DEMO_ADMIN_EMAIL);
      if (admin.password) {
        console.log('');
        console.log(`  Demo admin created: ${DEMO_ADMIN_EMAIL} / ${admin.password}`);
        console.log('  (shown once; change it with: npm run create-admin -- EMAIL --password NEW)');
      }
      for (const member of DEMO_TEAM) {
        const made = await ensureAdmin(service, member.email, undefined, undefined, member.role);
        if (made.password) console.log(`  Demo ${member.role} created: ${member.email} / ${made.password}`);
      }
    } catch (e) {
      console.error(`  Could not create the demo admin: ${(e as Error).message}`);
    }
  }

  console.log('');
  console.log(`  Shop       ${backend.url}/`);
  console.log(`  Admin      ${backend.url}/admin/`);
  if (backend.mailboxUrl) console.log(`  Mailbox    ${backend.mailboxUrl}  (dev e-mails; the link carries its key)`);
  else if (config.env.MAILBOX === 'on') console.log(`  Mailbox    off: ${mailboxOffReason(config)}`);
  console.log(`  API        ${backend.url}  (Supabase URL)`);
  console.log(`  Anon key   ${backend.anonKey}`);
  console.log('');
  console.log('  Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping…`);
    backend
      .close()
      .then(() => process.exit(0))
      .catch((e) => {
        console.error(e);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return backend;
}
