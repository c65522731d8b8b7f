import { createRequire } from 'node:module';
import vm from 'node:vm';
import WebSocket from 'ws';
import { createDenoNamespace, type EdgeHandler } from './deno.js';

const hostRequire = createRequire(import.meta.url);

export interface FunctionRealm {
  handler: EdgeHandler;
  context: vm.Context;
}

/** Node and web globals a Deno function expects; each realm gets its own global object around them. */
function webGlobals(): Record<string, unknown> {
  const g = globalThis as Record<string, unknown>;
  const names = [
    'fetch',
    'Request',
    'Response',
    'Headers',
    'FormData',
    'Blob',
    'File',
    'URL',
    'URLSearchParams',
    'TextEncoder',
    'TextDecoder',
    'TextEncoderStream',
    'TextDecoderStream',
    'AbortController',
    'AbortSignal',
    'Event',
    'EventTarget',
    'CustomEvent',
    'MessageChannel',
    'MessagePort',
    'MessageEvent',
    'BroadcastChannel',
    'ReadableStream',
    'WritableStream',
    'TransformStream',
    'ByteLengthQueuingStrategy',
    'CountQueuingStrategy',
    'CompressionStream',
    'DecompressionStream',
    'DOMException',
    'crypto',
    'Crypto',
    'CryptoKey',
    'SubtleCrypto',
    'performance',
    'structuredClone',
    'atob',
    'btoa',
    'queueMicrotask',
    'Buffer',
    'console',
  ];
  return Object.fromEntries(names.filter((n) => g[n] !== undefined).map((n) => [n, g[n]]));
}

/** Errors thrown from a function's own timers are logged, not allowed to take the server down. */
function guardedTimers(name: string) {
  const guard =
    (fn: unknown) =>
    (...args: unknown[]) => {
      try {
        if (typeof fn === 'function') fn(...args);
      } catch (e) {
        console.error(`[functions] ${name}: uncaught error in a timer:`, e);
      }
    };
  return {
    setTimeout: (fn: unknown, ms?: number, ...args: unknown[]) => setTimeout(guard(fn), ms, ...args),
    setInterval: (fn: unknown, ms?: number, ...args: unknown[]) => setInterval(guard(fn), ms, ...args),
    setImmediate: (fn: unknown, ...args: unknown[]) => setImmediate(guard(fn), ...args),
    clearTimeout,
    clearInterval,
    clearImmediate,
  };
}

function processShim(env: Record<string, string>) {
  return {
    env,
    argv: ['deno'],
    platform: process.platform,
    version: process.version,
    versions: { ...process.versions },
    arch: process.arch,
    cwd: () => process.cwd(),
    nextTick: (fn: (...a: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
    exit: () => {
      throw new Error('process.exit() is not available to Edge Functions');
    },
    on: () => undefined,
    off: () => undefined,
    emitWarning: (w: unknown) => console.warn(w),
  };
}

/**
 * Runs a bundled function in its own V8 context: its own globalThis, intrinsics and `Deno`, so one function's
 * globals or prototype changes cannot leak into another or into the server. Not a security boundary:
 * the functions are the project's own code.
 */
export async function startRealm(
  name: string,
  code: string,
  filename: string,
  env: Record<string, string>,
): Promise<FunctionRealm> {
  let handler: EdgeHandler | null = null;
  const fakeProcess = processShim(env);
  const Deno = createDenoNamespace(env, (h) => {
    if (handler) throw new Error('Deno.serve was called twice');
    handler = h;
  });
  // Supabase's background tasks: the work goes on after the response; a failure is logged.
  const EdgeRuntime = {
    waitUntil: (work: Promise<unknown>) => {
      Promise.resolve(work).catch((e: unknown) => console.error(`[functions] ${name}: background task failed:`, e));
    },
  };
  const context = vm.createContext(
    { ...webGlobals(), ...guardedTimers(name), WebSocket, Deno, EdgeRuntime, process: fakeProcess },
    { name: `function ${name}` },
  );
  vm.runInContext('globalThis.self = globalThis;', context);
  // fetch's promise is made in the function's realm, so an unawaited failure is traced to the function.
  const RealmPromise = vm.runInContext('Promise', context) as PromiseConstructor;
  context.fetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    new RealmPromise<Response>((resolve, reject) => fetch(input, init).then(resolve, reject));
  const nodeRequire = (id: string) => (id === 'node:process' || id === 'process' ? fakeProcess : hostRequire(id));
  const importMeta = {
    url: `file://${filename}`,
    main: true,
    filename,
    dirname: filename.replace(/\/[^/]*$/, ''),
    resolve: (s: string) => s,
  };
  // An async wrapper lets the module use top-level await.
  const script = new vm.Script(`(async function (__nodeRequire, __import_meta) {'use strict';\n${code}\n})`, {
    filename,
  });
  const run = script.runInContext(context) as (req: typeof nodeRequire, meta: typeof importMeta) => Promise<void>;
  await run(nodeRequire, importMeta);
  if (!handler) throw new Error('the function did not call Deno.serve(handler)');
  return { handler, context };
}
