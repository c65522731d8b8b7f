import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  REALTIME_FIXTURE,
  RawSocket,
  adminToken,
  closeClients,
  customerToken,
  insertOrder,
  newUserId,
  settle,
  subscribed,
  waitFor,
  type Change,
} from '../fixtures/realtime-supabase/helpers.js';

describe.each(testDatabases())('realtime postgres_changes through supabase-js on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
  });
  afterAll(async () => b?.close());

  it('delivers INSERT, UPDATE and DELETE with the Supabase payload shape', async () => {
    const client = b.client(await adminToken(b));
    const got: Change[] = [];
    await subscribed(
      client
        .channel('orders-all')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'orders' }, (p) => got.push(p as never)),
    );
    const owner = newUserId();
    const id = await insertOrder(b, owner, 1250);
    await b.db.query(`update public.orders set status = 'ready' where id = $1`, [id]);
    // Visibility is checked on the live row by primary key (as Supabase does): let the update arrive first.
    await waitFor(() => got.length === 2, 5000, 'insert and update');
    await b.db.query('delete from public.orders where id = $1', [id]);
    await waitFor(() => got.length === 3, 5000, 'three changes');

    expect(got.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const [ins, upd, del] = got;
    expect(ins).toMatchObject({ schema: 'public', table: 'orders', errors: null, old: {} });
    expect(ins.new).toMatchObject({ id, user_id: owner, status: 'new', total_cents: 1250, note: null });
    expect(new Date(ins.commit_timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(upd.new).toMatchObject({ id, status: 'ready' });
    // Default replica identity: the old row carries the primary key only.
    expect(upd.old).toEqual({ id });
    expect(del.old).toEqual({ id });
    expect(del.new).toEqual({});
    await closeClients(client);
  });

  it('sends whole old rows for REPLICA IDENTITY FULL, but only the key of a DELETE under RLS', async () => {
    const client = b.client();
    const got: Change[] = [];
    await subscribed(
      client
        .channel('shop')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'shop_status' }, (p) => got.push(p as never)),
    );
    await b.db.query(`insert into public.shop_status (id, is_open, message) values (1, false, 'closed for lunch')`);
    await b.db.query(`update public.shop_status set is_open = true, message = null where id = 1`);
    await waitFor(() => got.length === 2, 5000, 'insert and update');
    await b.db.query(`delete from public.shop_status where id = 1`);
    await waitFor(() => got.length === 3, 5000, 'three shop changes');
    expect(got[0].new).toEqual({ id: 1, is_open: false, message: 'closed for lunch' });
    expect(got[1].new).toEqual({ id: 1, is_open: true, message: null });
    expect(got[1].old).toEqual({ id: 1, is_open: false, message: 'closed for lunch' });
    expect(got[2].old).toEqual({ id: 1 });
    await closeClients(client);
  });

  it('applies filters server-side and routes several bindings of one channel by id', async () => {
    const client = b.client(await adminToken(b));
    const seen: Record<string, number[]> = {};
    const record = (name: string) => (p: unknown) => {
      const c = p as Change;
      (seen[name] ??= []).push(Number(c.new.total_cents));
    };
    const ch = client
      .channel('filters')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'total_cents=eq.100' },
        record('eq'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'total_cents=neq.100' },
        record('neq'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'total_cents=lt.200' },
        record('lt'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'total_cents=lte.200' },
        record('lte'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'total_cents=gt.200' },
        record('gt'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'total_cents=gte.200' },
        record('gte'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'orders', filter: 'status=in.(paid,"ready")' },
        record('in'),
      )
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'orders' }, record('update'));
    await subscribed(ch);
    const user = newUserId();
    await insertOrder(b, user, 100);
    await insertOrder(b, user, 200, 'paid');
    const last = await insertOrder(b, user, 300, 'ready');
    await b.db.query('update public.orders set total_cents = 301 where id = $1', [last]);
    await waitFor(() => (seen.update?.length ?? 0) === 1, 5000, 'the update');
    await settle(200);
    expect(seen).toEqual({
      eq: [100],
      neq: [200, 300],
      lt: [100],
      lte: [100, 200],
      gt: [300],
      gte: [200, 300],
      in: [200, 300],
      update: [301],
    });
    await closeClients(client);
  });

  it('gives each subscriber only the rows its own JWT may select', async () => {
    const alice = newUserId();
    const bruno = newUserId();
    const clients = {
      anon: b.client(),
      admin: b.client(await adminToken(b)),
      alice: b.client(await customerToken(b, alice)),
      bruno: b.client(await customerToken(b, bruno)),
      service: b.serviceClient(),
      // auth.uid() cannot cast this sub: its RLS check fails, which must only withhold its own changes.
      broken: b.client(await b.context.jwt.sign({ role: 'authenticated', sub: 'kiosk-1' }, 3600)),
    };
    const got: Record<string, Change[]> = {};
    for (const [name, c] of Object.entries(clients)) {
      got[name] = [];
      await subscribed(
        c
          .channel(`rls-${name}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'orders' }, (p) => got[name].push(p as never)),
      );
    }
    const a1 = await insertOrder(b, alice, 1100);
    const b1 = await insertOrder(b, bruno, 2200);
    await b.db.query(`update public.orders set status = 'ready' where id = $1`, [b1]);
    await waitFor(() => got.admin.length === 3, 5000, 'admin inserts and update');
    await b.db.query('delete from public.orders where id = $1', [a1]);
    await waitFor(() => got.admin.length === 4 && got.service.length === 4, 5000, 'admin and service changes');
    await settle();

    const summary = (name: string) =>
      got[name].map((c) => `${c.eventType}:${(c.eventType === 'DELETE' ? c.old : c.new).id}`);
    expect(summary('admin')).toEqual([`INSERT:${a1}`, `INSERT:${b1}`, `UPDATE:${b1}`, `DELETE:${a1}`]);
    expect(summary('service')).toEqual(summary('admin'));
    // Deletes carry only the key and go to every role that may read the table, as on Supabase.
    expect(summary('alice')).toEqual([`INSERT:${a1}`, `DELETE:${a1}`]);
    expect(summary('bruno')).toEqual([`INSERT:${b1}`, `UPDATE:${b1}`, `DELETE:${a1}`]);
    expect(got.bruno[2].old).toEqual({ id: a1 });
    expect(got.anon).toEqual([]);
    expect(summary('broken')).toEqual([`DELETE:${a1}`]);
    await closeClients(...Object.values(clients));
  });

  it('follows token updates made with realtime.setAuth', async () => {
    const alice = newUserId();
    const client = b.client(await customerToken(b, alice));
    const got: Change[] = [];
    const ch = client
      .channel('switch')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) => got.push(p as never));
    await subscribed(ch);
    const other = newUserId();
    await insertOrder(b, other, 1);
    const own = await insertOrder(b, alice, 2);
    await waitFor(() => got.length === 1, 5000, "alice's own order");
    expect(got[0].new.id).toBe(own);

    await client.realtime.setAuth(await adminToken(b));
    await settle(200);
    const later = await insertOrder(b, other, 3);
    await waitFor(() => got.length === 2, 5000, 'an order seen as admin');
    expect(got[1].new.id).toBe(later);
    await closeClients(client);
  });

  it('closes the channel when the token is replaced by an expired one or expires', async () => {
    const client = b.client(await adminToken(b));
    const statuses: string[] = [];
    const systems: unknown[] = [];
    const ch = client
      .channel('expiring')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, () => {})
      .on('system', {}, (p) => systems.push(p));
    await new Promise<void>((resolve, reject) =>
      ch.subscribe((s, err) => {
        statuses.push(s);
        if (s === 'SUBSCRIBED') resolve();
        else if (s === 'CHANNEL_ERROR' || s === 'TIMED_OUT') reject(err ?? new Error(s));
      }),
    );
    const expired = await b.context.jwt.sign(
      { role: 'authenticated', sub: newUserId(), exp: Math.floor(Date.now() / 1000) - 10 },
      0,
    );
    await client.realtime.setAuth(expired);
    await waitFor(() => statuses.includes('CLOSED'), 5000, 'the channel to close');
    expect(systems).toContainEqual(
      expect.objectContaining({ status: 'error', extension: 'system', message: 'Token has expired' }),
    );
    await closeClients(client);

    // The expiry timer, on a bare socket: the join is answered long before the token runs out.
    const raw = await RawSocket.open(b, '2.0.0');
    const shortLived = await adminToken(b, 4);
    raw.send([
      '1',
      '1',
      'realtime:short',
      'phx_join',
      {
        config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'orders' }] },
        access_token: shortLived,
      },
    ]);
    expect(
      await raw.next((m) =>
        (m as unknown[])[1] === '1'
          ? (m as [unknown, unknown, unknown, unknown, { status: string }])[4].status
          : undefined,
      ),
    ).toBe('ok');
    const closedAt = await raw.next((m) => ((m as unknown[])[3] === 'phx_close' ? Date.now() : undefined), 8000);
    const expiresAt =
      (JSON.parse(Buffer.from(shortLived.split('.')[1], 'base64url').toString()) as { exp: number }).exp * 1000;
    expect(closedAt).toBeGreaterThanOrEqual(expiresAt - 50);
    expect(raw.messages).toContainEqual([
      '1',
      null,
      'realtime:short',
      'system',
      expect.objectContaining({ status: 'error', message: 'Token has expired' }),
    ]);
    raw.close();
  });

  it('refuses joins on unknown tables, unpublished tables and bad filters with a reason', async () => {
    const client = b.client(await adminToken(b));
    const attempt = (name: string, filter: Record<string, string>) =>
      subscribed(client.channel(name).on('postgres_changes', filter as never, () => {})).then(
        () => 'joined',
        (e: Error) => e.message,
      );
    expect(await attempt('e1', { event: '*', schema: 'public', table: 'nope' })).toContain(
      'table public.nope does not exist',
    );
    expect(await attempt('e2', { event: '*', schema: 'public', table: 'menu_notes' })).toContain(
      'not in the supabase_realtime publication',
    );
    expect(
      await attempt('e3', { event: '*', schema: 'public', table: 'orders', filter: 'total_cents=like.1' }),
    ).toContain('operator "like"');
    expect(await attempt('e4', { event: '*', schema: 'public', table: 'orders', filter: 'colour=eq.red' })).toContain(
      'column "colour" does not exist',
    );
    expect(await attempt('e5', { event: 'UPSERT', schema: 'public', table: 'orders' })).toContain(
      'event must be one of',
    );
    await closeClients(client);
  });

  it('delivers every published table of a schema to a binding without a table', async () => {
    const client = b.serviceClient();
    const tables: string[] = [];
    await subscribed(
      client
        .channel('everything')
        .on('postgres_changes', { event: 'INSERT', schema: 'public' }, (p) => tables.push(p.table)),
    );
    await insertOrder(b, newUserId(), 1);
    await b.db.query(`insert into public.shop_status (id, is_open) values (7, true)`);
    await b.db.query(`insert into public.menu_notes (id, body) values (7, 'not published')`);
    await waitFor(() => tables.length === 2, 5000, 'both published tables');
    await settle(200);
    expect(tables).toEqual(['orders', 'shop_status']);
    await closeClients(client);
  });

  it('starts delivering for a table added to the publication after start-up', async () => {
    await b.db.exec('alter publication supabase_realtime add table public.menu_notes');
    const client = b.serviceClient();
    const got: Change[] = [];
    await subscribed(
      client
        .channel('late')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'menu_notes' }, (p) =>
          got.push(p as never),
        ),
    );
    await b.db.query(`insert into public.menu_notes (id, body) values (1, 'piri-piri on the side')`);
    await waitFor(() => got.length === 1, 5000, 'the note');
    expect(got[0].new).toEqual({ id: 1, body: 'piri-piri on the side' });
    await b.db.exec('alter publication supabase_realtime drop table public.menu_notes');
    await closeClients(client);
  });

  it('delivers the changes of one transaction in commit order, and several transactions in order', async () => {
    const client = b.serviceClient();
    const got: number[] = [];
    await subscribed(
      client
        .channel('order')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) =>
          got.push((p as Change).new.total_cents as number),
        ),
    );
    const user = newUserId();
    await b.db.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++)
        await tx.query('insert into public.orders (user_id, total_cents) values ($1, $2)', [user, i]);
    });
    for (let i = 6; i <= 30; i++) await insertOrder(b, user, i);
    await waitFor(() => got.length === 30, 5000, 'thirty orders');
    expect(got).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Delivered change rows are cleaned up.
    const left = await b.db.query<{ n: string }>('select count(*)::text as n from _realtime.changes');
    expect(left.rows[0].n).toBe('0');
    await closeClients(client);
  });
});
