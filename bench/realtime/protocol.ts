/** The messages between `npm run bench:realtime` and its server and subscriber processes. */

export type Path = 'broadcast' | 'postgres_changes';

export type ServerRequest =
  | { type: 'seed'; pages: number; admins: number }
  | { type: 'cpu-start' }
  | { type: 'cpu-end' }
  | { type: 'drive'; orderIds: string[]; count: number; rate: number; firstSeq: number }
  | { type: 'stop' };

export type ServerReply =
  | { type: 'ready' }
  | {
      type: 'seeded';
      url: string;
      anonKey: string;
      pages: { orderId: string; customerToken: string }[];
      adminTokens: string[];
    }
  | {
      type: 'cpu';
      userMicros: number;
      systemMicros: number;
      /** Postgres Changes delivery since cpu-start: database calls, claims sets checked, their database time. */
      calls: number;
      claimsChecks: number;
      databaseMs: number;
    }
  | { type: 'driven'; commits: [seq: number, orderId: string, at: number][] }
  | { type: 'error'; message: string };

/** One open page: a customer's confirmation page on its order, or a back-office screen on every order. */
export interface Subscriber {
  index: number;
  kind: 'page' | 'admin';
  orderId: string;
  /** The page's customer (Postgres Changes need their RLS) or the admin; none: the anon key. */
  token?: string;
}

export type WorkerRequest =
  | { type: 'open'; url: string; anonKey: string; path: Path; subscribers: Subscriber[] }
  | { type: 'flush' }
  | { type: 'close' };

export type WorkerReply =
  | { type: 'opened'; failed: number; rejoins: number }
  /** What arrived since the last batch: [subscriber index, change seq, arrival time (ms since the epoch)]. */
  | { type: 'heard'; events: [number, number, number][]; rejoins: number }
  | { type: 'flushed' }
  | { type: 'closed' }
  | { type: 'error'; message: string };
