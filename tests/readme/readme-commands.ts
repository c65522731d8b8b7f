import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../reliability/support/child-backend.js';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** A command a reader may copy from README.md: a line of a shell code block, or an inline `npm …`. */
export interface ReadmeCommand {
  text: string;
  line: number;
}

export function readmeCommands(readme: string): ReadmeCommand[] {
  const out: ReadmeCommand[] = [];
  const lines = readme.split('\n');
  let inBlock = false;
  let shellBlock = false;
  lines.forEach((raw, i) => {
    const fence = raw.match(/^```(\w*)/);
    if (fence) {
      inBlock = !inBlock;
      shellBlock = inBlock && ['sh', 'bash', 'shell', ''].includes(fence[1]);
      return;
    }
    if (inBlock) {
      const text = raw.replace(/\s+#.*$/, '').trim();
      if (
        shellBlock &&
        text !== '' &&
        !text.startsWith('#') &&
        /^(\w+=\S+\s+)*(npm|npx|supabase|psql|node)\b/.test(text)
      )
        out.push({ text, line: i + 1 });
      return;
    }
    for (const m of raw.matchAll(/`([^`]*\bnpm (?:run|start|test|install)\b[^`]*)`/g))
      out.push({ text: m[1].trim(), line: i + 1 });
  });
  return out;
}

export type Plan =
  | { kind: 'skip'; reason: string }
  | { kind: 'run'; name: string; quick: boolean; run: (ctx: RunContext) => Promise<string> };

export interface RunContext {
  scripts: Record<string, string>;
  /** A fresh temporary directory for this command. */
  tmp: string;
}

const SKIPS: [RegExp, string][] = [
  [/^(\w+=\S+\s+)*npm test\b/, 'the test command itself: CI runs it, and this test is part of it'],
  [/^npm run test:readme\b/, 'this very check'],
  [/^npm run bench$/, 'runs the benchmarks listed one by one, each of which is run here on its own'],
  [
    /dist:kiosk/,
    'builds the kiosk installers: electron-builder downloads Electron and (for Windows) runs on Windows; the packaging is checked offline by tests/kiosk/packaging.test.ts',
  ],
  [/^supabase\b|&& supabase\b|`supabase /, 'needs a hosted Supabase project and the Supabase CLI with internet'],
  [/^psql\s+"\$DATABASE_URL"/, "loads the menu into a hosted project's database"],
  [/VITE_SUPABASE_URL=https:\/\/<ref>/, "builds against a hosted project's URL and anon key"],
  [/^SUPABASE_URL=/, 'creates an admin on a hosted project (needs its URL and service-role key)'],
  [/^npm install$/, 'installs the dependencies: done before any test can run'],
  [
    /conformance/,
    'needs checkouts of the upstream client suites (POSTGREST_JS_DIR, STORAGE_JS_DIR); a benchmark-like run, not part of the tests',
  ],
];

function envWithout(keys: string[], extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of keys) delete env[k];
  return { ...env, ...extra };
}

/** The environment of a new user: no PostgreSQL configured, an unused port and data directory. */
async function newUserEnv(tmp: string, extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  return envWithout(['DATABASE_URL', 'TEST_DATABASE_URL', 'JWT_SECRET', 'SITE_URL', 'HOST', 'MAILBOX'], {
    PORT: String(await freePort()),
    DATA_DIR: path.join(tmp, 'data'),
    ...extra,
  });
}

interface Proc {
  output(): string;
  waitFor(re: RegExp, ms: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  interrupt(): Promise<number | null>;
  kill(): void;
}

/** Runs a shell line as a reader would type it, in its own process group (so Ctrl-C reaches npm and its child). */
function shell(command: string, env: NodeJS.ProcessEnv): Proc {
  const child = spawn('bash', ['-c', command], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    log += c.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  // 'close', not 'exit': npm may end on Ctrl-C before the server it started has said its last words.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    output: () => log,
    exited,
    waitFor(re, ms) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = log.match(re);
          if (m) {
            done();
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${re} within ${ms} ms from \`${command}\`:\n${log.slice(-3000)}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        void exited.then((code) => {
          if (!log.match(re)) {
            done();
            reject(new Error(`\`${command}\` exited (${code}) before printing ${re}:\n${log.slice(-3000)}`));
          }
        });
        listeners.add(check);
        check();
      });
    },
    kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    },
    async interrupt() {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

async function runToEnd(command: string, env: NodeJS.ProcessEnv, ms: number): Promise<string> {
  const p = shell(command, env);
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    p.exited,
    new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms))),
  ]);
  clearTimeout(timer);
  if (code === 'timeout') {
    p.kill();
    throw new Error(`\`${command}\` did not finish in ${ms / 1000} s:\n${p.output().slice(-3000)}`);
  }
  if (code !== 0) throw new Error(`\`${command}\` exited with ${code}:\n${p.output().slice(-3000)}`);
  return p.output();
}

/** Lines a new user would have to wonder about (npm's own warnings about this machine's npmrc aside). */
export function worrying(output: string): string[] {
  return output
    .split('\n')
    .filter((l) => /\b(error|warn(ing)?|failed)\b/i.test(l))
    .filter((l) => !/^npm warn (Unknown (env|user) config|config )/.test(l));
}

async function expectPage(url: string, headers: Record<string, string> = {}, contains?: RegExp): Promise<string> {
  const res = await fetch(url, { headers, redirect: 'follow' });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
  if (contains && !contains.test(body)) throw new Error(`${url} does not contain ${contains}: ${body.slice(0, 300)}`);
  return `${new URL(url).pathname} 200`;
}

/** The printed mailbox link works as a browser follows it (key → cookie → page); the bare page is locked. */
async function expectMailbox(link: string): Promise<string> {
  const url = new URL(link);
  if (!url.searchParams.get('key')) throw new Error(`the mailbox link ${link} carries no key`);
  const locked = await fetch(`${url.origin}${url.pathname}`);
  if (locked.status !== 401) throw new Error(`the mailbox without its key answered ${locked.status}, not 401`);
  const first = await fetch(link, { redirect: 'manual' });
  const cookie = first.headers.get('set-cookie')?.split(';')[0];
  if (first.status !== 303 || !cookie) throw new Error(`the mailbox link answered ${first.status} without a cookie`);
  const page = await fetch(new URL(first.headers.get('location') ?? '', url), { headers: { cookie } });
  const body = await page.text();
  if (page.status !== 200 || !/<title>Mailbox/.test(body))
    throw new Error(`the mailbox page answered ${page.status}: ${body.slice(0, 300)}`);
  return `${url.pathname}?key=… 303, ${url.pathname} 200`;
}

/** Starts a server command, checks what a new user would open, then stops it with Ctrl-C. */
async function serverSmoke(command: string, env: NodeJS.ProcessEnv, opts: { demoAdmin: boolean }): Promise<string> {
  const p = shell(command, env);
  try {
    const shop = (await p.waitFor(/Shop\s+(http:\/\/\S+?)\/?\s/, 240_000))[1];
    const key = (await p.waitFor(/Anon key\s+(\S+)/, 10_000))[1];
    const seen = [
      await expectPage(`${shop}/`, {}, /<html/i),
      await expectPage(`${shop}/admin/`, {}, /<html/i),
      await expectPage(`${shop}/rest/v1/`, { apikey: key }),
      await expectPage(
        `${shop}/rest/v1/menu_categories?select=slug&limit=1`,
        { apikey: key, authorization: `Bearer ${key}` },
        /slug/,
      ),
    ];
    const mailbox = p.output().match(/Mailbox\s+(http:\/\/\S+)/);
    if (!mailbox) throw new Error(`\`${command}\` printed no mailbox link on loopback:\n${p.output()}`);
    seen.push(await expectMailbox(mailbox[1]));
    if (opts.demoAdmin && !/Demo admin created: \S+ \/ \S+/.test(p.output()))
      throw new Error(`no demo admin printed:\n${p.output()}`);
    const code = await p.interrupt();
    // In a terminal Ctrl-C reaches npm and the server alike; npm then ends by the signal, the server by itself.
    const stopped =
      /SIGINT received: stopping/.test(p.output()) &&
      !/Error|failed/i.test(p.output().split('SIGINT received')[1] ?? '');
    if (!stopped || (code !== 0 && code !== null && code !== 130) || worrying(p.output()).length) {
      throw new Error(`\`${command}\` did not stop cleanly on Ctrl-C (exit ${code}):\n${p.output().slice(-2000)}`);
    }
    return seen.join(', ') + ', stopped by Ctrl-C';
  } catch (e) {
    await p.interrupt();
    throw e;
  }
}

/** Runs the server of a new data directory until it is ready; returns it (stop it with interrupt()). */
async function readyServer(env: NodeJS.ProcessEnv): Promise<Proc> {
  const server = shell('npm run serve', env);
  try {
    await server.waitFor(/Press Ctrl-C/, 240_000);
  } catch (e) {
    await server.interrupt();
    throw e;
  }
  return server;
}

function backupFile(out: string, command: string): string {
  const file = out.match(/Backup written: (\S+\.json\.gz) \(/)?.[1];
  if (!file || !fs.existsSync(file)) throw new Error(`\`${command}\` wrote no backup file:\n${out}`);
  return file;
}

/** `npm run backup` as the README shows it: while the server runs (the server makes it), then with the server stopped. */
async function backupSmoke(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  const server = await readyServer(env);
  let running: string;
  try {
    running = await runToEnd(command, env, 300_000);
  } finally {
    await server.interrupt();
  }
  if (!/The server \(process \d+\) is running/.test(running))
    throw new Error(`\`${command}\` did not use the running server:\n${running}`);
  const first = backupFile(running, command);
  const stopped = await runToEnd(command, env, 300_000);
  const second = backupFile(stopped, command);
  if (path.dirname(first) !== path.join(env.DATA_DIR!, 'backups') || first === second)
    throw new Error(`unexpected backup files ${first}, ${second}`);
  if (worrying(running + stopped).length)
    throw new Error(`\`${command}\` printed warnings or errors:\n${worrying(running + stopped).join('\n')}`);
  return `made by the running server (${path.basename(first)}), then by itself (${path.basename(second)})`;
}

/** `npm run restore -- FILE` as the README shows it, with FILE a backup just made of a new data directory. */
async function restoreSmoke(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  const server = await readyServer(env);
  await server.interrupt();
  const file = backupFile(await runToEnd('npm run backup', env, 300_000), 'npm run backup');
  const real = command.replace(/\S+\.json\.gz/, file);
  if (real === command) throw new Error(`\`${command}\` names no backup file`);
  const out = await runToEnd(real, env, 600_000);
  const restored = out.match(/Restored: \d+ orders, latest order \S+/)?.[0];
  if (!restored) throw new Error(`\`${real}\` did not say what it restored:\n${out}`);
  if (worrying(out).length) throw new Error(`\`${real}\` printed warnings or errors:\n${worrying(out).join('\n')}`);
  return `${restored} (the README's file replaced by a backup of a new data directory)`;
}

function npmRun(text: string): { script: string; args: string } | null {
  const m = text.match(/^(?:\w+=\S+\s+)*npm run ([\w:-]+)(.*)$/);
  return m ? { script: m[1], args: m[2].trim() } : null;
}

/** Short settings for each benchmark: the same code paths, a few seconds each. */
const BENCH_SHORT: Record<string, Record<string, string>> = {
  'bench:rest': { BENCH_SECONDS: '1', BENCH_CLIENTS: '2' },
  'bench:realtime': { BENCH_INSERTS: '100', BENCH_RATE: '100', BENCH_SUBSCRIBERS: '1,2' },
  'bench:load': { BENCH_CUSTOMERS: '4', BENCH_SECONDS: '4', BENCH_FAULTS: 'off' },
  'bench:order-cost': { BENCH_ORDERS: '20' },
  'bench:shop': { SHOP_BENCH_RUNS: '1' },
  fuzz: { FUZZ_CASES: '200', FUZZ_FRAMES: '50', FUZZ_SEED: '1' },
  'acceptance-silence': { BENCH_TRIES: '2' },
  image: { BENCH_IMAGES: '3', BENCH_REPEATS: '5' },
};
/** Arguments a benchmark takes only on its command line, added to the README's command for the short run. */
const BENCH_SHORT_ARGS: Record<string, string> = { 'bench:shop': '-- --runs 1 --routes /' };

export function planFor(cmd: ReadmeCommand, scripts: Record<string, string>): Plan {
  const text = cmd.text;
  for (const [re, reason] of SKIPS) if (re.test(text)) return { kind: 'skip', reason };

  if (/^npm install && npm start$|^npm start$/.test(text)) {
    return {
      kind: 'run',
      name: 'npm start',
      quick: true,
      run: async ({ tmp }) => serverSmoke('npm start', await newUserEnv(tmp), { demoAdmin: true }),
    };
  }
  const npm = npmRun(text);
  if (!npm) return { kind: 'skip', reason: 'UNKNOWN' };
  if (!(npm.script in scripts)) throw new Error(`README.md:${cmd.line}: \`${text}\` names no script of package.json`);

  if (npm.script === 'serve') {
    return {
      kind: 'run',
      name: text,
      quick: true,
      run: async ({ tmp }) => serverSmoke('npm run serve', await newUserEnv(tmp), { demoAdmin: false }),
    };
  }
  if (npm.script === 'create-admin') {
    return {
      kind: 'run',
      name: text,
      quick: true,
      run: async ({ tmp }) => {
        const out = await runToEnd(text, await newUserEnv(tmp), 180_000);
        if (!out.includes('manager@example.lu')) throw new Error(`\`${text}\` said nothing about the admin:\n${out}`);
        if (worrying(out).length)
          throw new Error(`\`${text}\` printed warnings or errors:\n${worrying(out).join('\n')}`);
        return out.trim().split('\n').slice(-2).join(' / ');
      },
    };
  }
  if (npm.script === 'backup' || npm.script === 'restore') {
    return {
      kind: 'run',
      name: `npm run ${npm.script}`,
      quick: false,
      run: async ({ tmp }) =>
        npm.script === 'backup' ? backupSmoke(text, await newUserEnv(tmp)) : restoreSmoke(text, await newUserEnv(tmp)),
    };
  }
  if (npm.script.startsWith('bench')) {
    const short = npm.script === 'bench' ? BENCH_SHORT[npm.args.replace(/^--\s*/, '')] : BENCH_SHORT[npm.script];
    if (!short) return { kind: 'skip', reason: 'UNKNOWN' };
    return {
      kind: 'run',
      name: text,
      quick: false,
      run: async () => {
        const env = { ...process.env, ...short };
        const out = await runToEnd(`${text} ${BENCH_SHORT_ARGS[npm.script] ?? ''}`.trim(), env, 600_000);
        const wantsPostgres = Boolean(env.TEST_DATABASE_URL || env.DATABASE_URL) && npm.script !== 'bench:shop';
        if (wantsPostgres && !/postgres/i.test(out))
          throw new Error(`\`${text}\` did not cover PostgreSQL although a URL is set:\n${out.slice(-2000)}`);
        return `${out.trim().split('\n').length} lines of figures`;
      },
    };
  }
  if (
    npm.script === 'build:kiosk' ||
    npm.script === 'build' ||
    npm.script === 'build:shop' ||
    npm.script === 'build:admin'
  ) {
    return {
      kind: 'run',
      name: text,
      quick: false,
      run: async () => `${(await runToEnd(text, process.env, 600_000)).trim().split('\n').length} lines`,
    };
  }
  return { kind: 'skip', reason: 'UNKNOWN' };
}

export function packageScripts(): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
}

export function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'readme-'));
}
