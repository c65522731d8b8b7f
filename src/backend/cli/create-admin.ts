import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { configFromEnv } from '../config.js';
import { createJwtKeys } from '../jwt.js';
import { startBackend } from '../server.js';
import { ensureAdmin } from './admin-user.js';

const usage = `Usage: npm run create-admin -- EMAIL [--password PASSWORD]

Creates an admin (or promotes an existing user) on:
  - the hosted project given by SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or
  - the embedded backend (the running one on PORT, or the data in DATA_DIR / DATABASE_URL).`;

function parseArgs(argv: string[]): { email: string; password?: string } {
  const args = [...argv];
  let password: string | undefined;
  const i = args.indexOf('--password');
  if (i !== -1) {
    password = args[i + 1];
    if (!password) throw new Error('--password needs a value');
    args.splice(i, 2);
  }
  if (args.length !== 1 || args[0].startsWith('-')) throw new Error(usage);
  if (password !== undefined && password.length < 6) throw new Error('The password must have at least 6 characters.');
  return { email: args[0], password };
}

// Node 20 has no global WebSocket: supabase-js needs `ws` even when it never opens a channel.
const opts = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };

async function runningEmbedded(): Promise<SupabaseClient | null> {
  const config = configFromEnv();
  const secret = config.jwtSecret ?? (config.dataDir && fs.existsSync(path.join(config.dataDir, 'jwt-secret')) ? fs.readFileSync(path.join(config.dataDir, 'jwt-secret'), 'utf8').trim() : null);
  if (!secret) return null;
  const url = `http://127.0.0.1:${config.port}`;
  try {
    const r = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(1500) });
    if (!r.ok) return null;
  } catch {
    return null;
  }
  const keys = await createJwtKeys(secret);
  return createClient(url, keys.serviceRoleKey, opts);
}

async function main() {
  const { email, password } = parseArgs(process.argv.slice(2));
  let service: SupabaseClient;
  let stop = async () => {};
  if (process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY) {
    service = createClient(process.env.SUPABASE_URL, process.env.SUPABASE_SERVICE_ROLE_KEY, opts);
    console.log(`Using the project at ${process.env.SUPABASE_URL}`);
  } else {
    const running = await runningEmbedded();
    if (running) {
      service = running;
      console.log('Using the running embedded backend.');
    } else {
      const backend = await startBackend({ port: 0 });
      service = createClient(backend.url, backend.serviceRoleKey, opts);
      stop = () => backend.close();
      console.log('Using the embedded backend data directly.');
    }
  }
  try {
    const r = await ensureAdmin(service, email, password);
    console.log(`${r.created ? 'Created' : 'Promoted'} admin ${r.user.email}${r.password ? ` with password: ${r.password}` : ' (password unchanged)'}`);
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
