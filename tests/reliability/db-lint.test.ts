import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { LINTS } from './support/database-lint.js';

/** What the linter may report because it is meant: each entry is a deliberate entry point or form. */
const EXPECTED: Record<string, string[]> = {
  definer_executable_by_anon: [
    'create_reservation',
    'order_slot_availability',
    'place_order',
    'register_challenge',
    'track_order',
  ],
  // accept_order, refuse_order and refuse_client_orders call require_admin() first; order_slot_availability is bounded and shows full slots only.
  // delete_my_account and my_data_export act on auth.uid() only (docs/PRIVACY.md); require_live_session only says
  // whether the caller's own session still exists.
  definer_executable_by_authenticated: [
    'accept_order',
    'create_reservation',
    'delete_my_account',
    'my_data_export',
    'order_slot_availability',
    'place_order',
    'refuse_client_orders',
    'refuse_order',
    'register_challenge',
    'require_live_session',
    'track_order',
    'verified_email',
  ],
  // Besides the entry points: invoker helpers that read only public rows (opening hours, settings shape checks).
  functions_executable_by_anon: [
    'create_reservation',
    'delivery_fee_for',
    'euros',
    'french_day',
    'is_admin',
    'json_text',
    'kitchen_open_at',
    'last_order_margin',
    'next_opening',
    'opening_hours_are_valid',
    'opening_refusal',
    'opening_services_are_valid',
    'opening_services_on',
    'order_slot_availability',
    'phone_key',
    'place_order',
    'register_challenge',
    'restaurant_identity_is_valid',
    'restaurant_time_zone',
    'restaurant_today',
    'store_setting_is_valid',
    'town_key',
    'track_order',
    'unit_price',
  ],
  anon_writable_tables: ['challenge_registrations INSERT', 'reservations INSERT'],
  // Only the service role reads and changes the product rate limits and their counters; only the order
  // rules read where orders came from and which clients the counter blocked.
  rls_enabled_no_policy: ['blocked_clients', 'order_origins', 'rate_limit_counters', 'rate_limits'],
};

describe.each(testDatabases())('database linter rules on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  it.each(Object.keys(LINTS))('%s', async (lint) => {
    const found = (await b.db.query<{ name: string }>(LINTS[lint]!)).rows.map((r) => r.name);
    expect(found).toEqual(EXPECTED[lint] ?? []);
  });

  it('refuses rpc/refuse to the anon key', async () => {
    const { error } = await b
      .client()
      .rpc('refuse', { p_code: 'x', p_title: 'Commande perdue', p_message: 'Appelez le 000' });
    expect(error?.code).toBe('42501');
  });
});
