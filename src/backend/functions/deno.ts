/** The part of Deno's namespace that Supabase Edge Functions use, backed by Node. */
export type EdgeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;

export interface ServeHandlerInfo {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number };
  completed: Promise<void>;
}

type ServeOptions = {
  handler?: EdgeHandler;
  port?: number;
  hostname?: string;
  onListen?: (addr: unknown) => void;
  signal?: AbortSignal;
};

function unavailable(what: string) {
  return () => {
    throw new Error(`${what} is not available to Edge Functions running in the embedded backend`);
  };
}

export function createDenoNamespace(env: Record<string, string>, register: (handler: EdgeHandler) => void) {
  return {
    env: {
      get: (key: string): string | undefined => env[key],
      set: (key: string, value: string) => {
        env[key] = String(value);
      },
      delete: (key: string) => {
        delete env[key];
      },
      has: (key: string) => key in env,
      toObject: () => ({ ...env }),
    },
    serve(a: EdgeHandler | ServeOptions, b?: EdgeHandler | ServeOptions) {
      const handler =
        typeof a === 'function'
          ? a
          : typeof b === 'function'
            ? b
            : (a?.handler ?? (b as ServeOptions | undefined)?.handler);
      if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function');
      register(handler);
      const finished = new Promise<void>(() => {});
      return {
        finished,
        addr: { transport: 'tcp', hostname: '0.0.0.0', port: 8000 },
        shutdown: async () => {},
        ref() {},
        unref() {},
      };
    },
    exit: unavailable('Deno.exit()'),
    cwd: () => process.cwd(),
    version: { deno: '2.1.4', v8: process.versions.v8, typescript: '5.6.2' },
    build: { os: process.platform, arch: process.arch === 'x64' ? 'x86_64' : process.arch, target: 'node' },
    pid: 1,
    noColor: true,
    args: [] as string[],
  };
}
