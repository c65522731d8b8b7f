import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  REALTIME_FIXTURE,
  adminToken,
  closeClients,
  customerToken,
  newUserId,
  settle,
  subscribed,
  waitFor,
  type Change,
} from '../fixtures/realtime-supabase/helpers.js';

/**
 * Tickets as a restaurant's pages would follow them: each customer reads their own, the staff every ticket that is
 * not marked 'nobody', everyone (visitors too) the ones marked 'all'. The policies use the shape Supabase
 * recommends, `(select auth.uid())`: PostgreSQL evaluates it once per statement execution, so checking several
 * customers' tokens inside one statement would hand every customer the first one's rights.
 */
const TICKETS_SQL = `
create table public.tickets (
  id bigint generated always as identity primary key,
  owner uuid not null,
  audience text not null default 'owner' check (audience in ('owner', 'all', 'nobody')),
  label text
);
alter table public.tickets enable row level security;
revoke all on public.tickets from anon, authenticated;
grant select on public.tickets to anon, authenticated;
create policy tickets_owner on public.tickets for select to authenticated
  using (owner = (select auth.uid()) and audience <> 'nobody');
create policy tickets_staff on public.tickets for select to authenticated
  using ((select public.is_admin()) and audience <> 'nobody');
create policy tickets_everyone on public.tickets for select to anon, authenticated using (audience = 'all');
alter publication supabase_realtime add table public.tickets;
`;

/** Notices everyone reads, under a policy that fails (a cast error) for a token carrying "shift": "x". */
const NOTICES_SQL = `
create table public.notices (
  id bigint generated always as identity primary key,
  body text not null
);
alter table public.notices enable row level security;
revoke all on public.notices from anon, authenticated;
grant select on public.notices to anon, authenticated;
create policy notices_read on public.notices for select to anon, authenticated
  using (coalesce((auth.jwt() ->> 'shift')::int, 0) >= 0);
alter publication supabase_realtime add table public.notices;
`;

type Page = { name: string; client: SupabaseClient; got: Change[] };

describe.each(testDatabases())('realtime postgres_changes: many different tokens on %s', (kind) => {
  let b: TestBackend;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
    await b.db.exec(TICKETS_SQL);
  });
  afterAll(async () => {
    await closeClients(...clients);
    await b?.close();
  });

  const open = async (name: string, token: string | null, filter?: string): Promise<Page> => {
    const client = token ? b.client(token) : b.client();
    clients.push(client);
    const got: Change[] = [];
    await subscribed(
      client
        .channel(name)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'tickets', ...(filter ? { filter } : {}) },
          (p) => got.push(p as never),
        ),
    );
    return { name, client, got };
  };

  const insert = async (owner: string, audience = 'owner'): Promise<number> => {
    const r = await b.db.query<{ id: string }>(
      'insert into public.tickets (owner, audience) values ($1, $2) returning id',
      [owner, audience],
    );
    return Number(r.rows[0].id);
  };

  const heard = (p: Page) => p.got.map((c) => `${c.eventType} ${Number((c.new as { id?: unknown }).id)}`);

  it('gives each of many channels with different users and roles exactly the rows its own token may read', async () => {
    const customers = Array.from({ length: 30 }, () => newUserId());
    const pages: { page: Page; user: string | null; staff: boolean }[] = [];
    for (const [i, user] of customers.entries()) {
      const token = await customerToken(b, user);
      pages.push({ page: await open(`customer-${i}`, token), user, staff: false });
      // The first customer has the shop open in two tabs with the same token.
      if (i === 0) pages.push({ page: await open(`customer-${i}-tab2`, token), user, staff: false });
    }
    for (let i = 0; i < 3; i++)
      pages.push({ page: await open(`staff-${i}`, await adminToken(b)), user: null, staff: true });
    for (let i = 0; i < 2; i++) pages.push({ page: await open(`visitor-${i}`, null), user: null, staff: false });

    // Each customer's ticket, several per transaction; one ticket for everyone; one nobody may read.
    const own = new Map<string, number>();
    for (let start = 0; start < customers.length; start += 10) {
      await b.db.transaction(async (tx) => {
        for (const user of customers.slice(start, start + 10)) {
          const r = await tx.query<{ id: string }>('insert into public.tickets (owner) values ($1) returning id', [
            user,
          ]);
          own.set(user, Number(r.rows[0].id));
        }
      });
    }
    const forAll = await insert(newUserId(), 'all');
    const forNobody = await insert(newUserId(), 'nobody');
    // A change is checked against its row as it is when the change is delivered: the tickets are delivered
    // before one of them changes hands (on a loaded machine the update could otherwise commit first, and the
    // first ticket's insert be checked as the second customer's).
    const staffPage = pages.find((p) => p.staff)!.page;
    await waitFor(() => staffPage.got.length >= customers.length + 1, 20_000, 'the staff to hear the new tickets');
    // The first customer's ticket passes to the second: only the second (and the staff) hear the update.
    const moved = own.get(customers[0])!;
    await b.db.query('update public.tickets set owner = $1, label = $2 where id = $3', [customers[1], 'moved', moved]);

    const expected = (p: (typeof pages)[number]): string[] => {
      const out: string[] = [];
      for (const user of customers) if (p.staff || p.user === user) out.push(`INSERT ${own.get(user)}`);
      out.push(`INSERT ${forAll}`);
      if (p.staff || p.user === customers[1]) out.push(`UPDATE ${moved}`);
      return out;
    };
    await waitFor(
      () => pages.every((p) => p.page.got.length >= expected(p).length),
      20_000,
      'every channel to hear its tickets',
    );
    await settle(300);
    for (const p of pages) {
      // Nothing lost, nothing repeated, nothing its token may not read (the 'nobody' ticket least of all), in commit order.
      expect(heard(p.page), p.page.name).toEqual(expected(p));
      expect(heard(p.page)).not.toContain(`INSERT ${forNobody}`);
    }
    // Leaving: the next test counts its own channels only.
    await closeClients(...clients.splice(0));
  });

  it('asks the database the same number of times per change for 3 channels as for 70, checking only the channels a change reaches', async () => {
    const stats = b.realtime.stats;
    const staff = [await open('few-staff', await adminToken(b))];
    const owners = [newUserId(), newUserId()];
    const few: Page[] = [];
    for (const [i, user] of owners.entries())
      few.push(await open(`few-${i}`, await customerToken(b, user), `owner=eq.${user}`));

    // One change per transaction, each delivered before the next: one batch per change.
    const measure = async (changes: number) => {
      const before = { ...stats };
      for (let i = 0; i < changes; i++) {
        const want = staff.map((s) => s.got.length + 1);
        await insert(owners[i % owners.length]);
        await waitFor(() => staff.every((s, j) => s.got.length >= want[j]), 10_000, 'the staff screens to hear it');
      }
      return {
        batches: stats.batches - before.batches,
        calls: stats.calls - before.calls,
        claimsChecks: stats.claimsChecks - before.claimsChecks,
      };
    };
    const small = await measure(6);

    // 60 more customers' pages, each on its own tickets (its own token and filter), and 4 more staff screens.
    for (let i = 0; i < 60; i++) {
      const user = newUserId();
      await open(`many-${i}`, await customerToken(b, user), `owner=eq.${user}`);
    }
    for (let i = 0; i < 4; i++) staff.push(await open(`many-staff-${i}`, await adminToken(b)));
    const large = await measure(6);

    for (const m of [small, large]) {
      expect(m.batches).toBe(6);
      // Two calls per change: read the committed change, then take it and check it for every claims set in one call.
      expect(m.calls).toBe(2 * m.batches);
    }
    // The RLS checks run for the claims sets a change reaches (its owner's page and the staff screens), not for the
    // 60 other customers' pages, whose filters it does not match.
    expect(small.claimsChecks).toBe(6 * (1 + 1));
    expect(large.claimsChecks).toBe(6 * (1 + 5));
    // And each owner's page heard exactly its own six tickets.
    await settle(200);
    for (const [i, p] of few.entries()) {
      expect(p.got, p.name).toHaveLength(6);
      for (const c of p.got) expect((c.new as { owner: string }).owner).toBe(owners[i]);
    }
  });

  it('withholds from a claims set whose policy fails only its own changes, and delivers to the others', async () => {
    await b.db.exec(NOTICES_SQL);
    const watch = async (name: string, token: string | null): Promise<Page> => {
      const client = token ? b.client(token) : b.client();
      clients.push(client);
      const got: Change[] = [];
      await subscribed(
        client
          .channel(name)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notices' }, (p) => got.push(p as never)),
      );
      return { name, client, got };
    };
    const visitor = await watch('visitor', null);
    const customer = await watch('customer', await customerToken(b, newUserId()));
    const fragile = await watch(
      'fragile',
      await b.context.jwt.sign({ role: 'authenticated', sub: newUserId(), shift: 'x' }, 3600),
    );
    for (const body of ['Poulet épuisé', 'Frites de retour']) {
      await b.db.query('insert into public.notices (body) values ($1)', [body]);
    }
    await waitFor(
      () => visitor.got.length >= 2 && customer.got.length >= 2,
      10_000,
      'the visitor and the customer to hear both notices',
    );
    await settle(300);
    expect(visitor.got.map((c) => c.new.body)).toEqual(['Poulet épuisé', 'Frites de retour']);
    expect(customer.got.map((c) => c.new.body)).toEqual(['Poulet épuisé', 'Frites de retour']);
    expect(fragile.got).toEqual([]);
  });
});
