// Types for Supabase Edge Function sources (supabase/functions) when checked by this project's tsc:
// the Deno namespace they use and the Deno-style specifiers the embedded runtime maps to npm packages.

declare namespace Deno {
  interface ServeHandlerInfo {
    remoteAddr: { transport: 'tcp'; hostname: string; port: number };
    completed: Promise<void>;
  }
  type ServeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;
  interface ServeOptions {
    port?: number;
    hostname?: string;
    signal?: AbortSignal;
    onListen?: (addr: { hostname: string; port: number }) => void;
  }
  interface HttpServer {
    finished: Promise<void>;
    shutdown(): Promise<void>;
  }
  function serve(handler: ServeHandler): HttpServer;
  function serve(options: ServeOptions, handler: ServeHandler): HttpServer;
  function serve(options: ServeOptions & { handler: ServeHandler }): HttpServer;
  function exit(code?: number): never;
  const env: {
    get(key: string): string | undefined;
    set(key: string, value: string): void;
    delete(key: string): void;
    has(key: string): boolean;
    toObject(): Record<string, string>;
  };
}

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void };

declare module 'npm:@supabase/supabase-js@*' {
  export * from '@supabase/supabase-js';
}
declare module 'jsr:@supabase/supabase-js@*' {
  export * from '@supabase/supabase-js';
}
declare module 'https://esm.sh/@supabase/supabase-js@*' {
  export * from '@supabase/supabase-js';
}
declare module 'https://deno.land/std@*/http/server.ts' {
  export function serve(handler: Deno.ServeHandler, options?: Deno.ServeOptions): Deno.HttpServer;
}
