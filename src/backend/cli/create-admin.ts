import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { configFromEnv } from '../config.js';
import { createJwtKeys } from '../jwt.js';
import { startBackend } from '../server.js';
import { lockHolder } from '../db/lock.js';
import { loopbackUrl } from '../dispatcher.js';
import { describeAdminResult, ensureAdmin, type AuthEndpoint } from './admin-user.js';

const usage = `Usage: npm run create-admin -- EMAIL [--password PASSWORD]

Creates an admin on:
  - the hosted project given by SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or
  - the embedded backend (the running one on PORT, or the data in DATA_DIR / DATABASE_URL).

An address that already has an account keeps its password only when --password is that account's
current password (and the address was confirmed). Otherwise the account gets a new password (the
one given, or a generated one, printed), all its sessions are ended, and then it becomes an admin.`;

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

async function runningEmbedded(): Promise<{ client: SupabaseClient; endpoint: AuthEndpoint } | null> {
  const config = configFromEnv();
  const secret =
    config.jwtSecret ??
    (config.dataDir && fs.existsSync(path.join(config.dataDir, 'jwt-secret'))
      ? fs.readFileSync(path.join(config.dataDir, 'jwt-secret'), 'utf8').trim()
      : null);
  if (!secret) return null;
  // The server holding the data directory says where it listens (it may not be PORT); a busy one gets longer to answer.
  const holder = config.dataDir ? lockHolder(config.dataDir) : null;
  const url = holder?.port ? loopbackUrl(holder.host ?? '127.0.0.1', holder.port) : `http://127.0.0.1:${config.port}`;
  try {
    const r = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(holder ? 15_000 : 1500) });
    if (!r.ok) return null;
  } catch {
    return null;
  }
  const keys = await createJwtKeys(secret);
  return { client: createClient(url, keys.serviceRoleKey, opts), endpoint: { url, key: keys.serviceRoleKey } };
}

async function main() {
  const { email, password } = parseArgs(process.argv.slice(2));
  let service: SupabaseClient;
  let endpoint: AuthEndpoint;
  let stop = async () => {};
  if (process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY) {
    endpoint = { url: process.env.SUPABASE_URL, key: process.env.SUPABASE_SERVICE_ROLE_KEY };
    service = createClient(endpoint.url, endpoint.key, opts);
    console.log(`Using the project at ${process.env.SUPABASE_URL}`);
  } else {
    const running = await runningEmbedded();
    if (running) {
      ({ client: service, endpoint } = running);
      console.log('Using the running embedded backend.');
    } else {
      const backend = await startBackend({ port: 0, host: '127.0.0.1' });
      endpoint = { url: backend.url, key: backend.serviceRoleKey };
      service = createClient(backend.url, backend.serviceRoleKey, opts);
      stop = () => backend.close();
      console.log('Using the embedded backend data directly.');
    }
  }
  try {
    const r = await ensureAdmin(service, email, password, endpoint);
    for (const line of describeAdminResult(r)) console.log(line);
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
