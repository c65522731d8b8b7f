import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { LINTS } from './support/database-lint.js';

/** What the linter may report because it is meant: each entry is a deliberate entry point or form. */
const EXPECTED: Record<string, string[]> = {
  // mfa_satisfied says only whether the caller's own token passed the second factor (is_admin() calls it in policies).
  // cancel_my_order and order_confirmation act only on the order whose full id (a random uuid) is given.
  // consent_to_promotions_for_order acts only for the client address that placed the order, within 30 minutes;
  // unsubscribe_promotions only with an address's own 256-bit token, rate-limited (docs/NOTIFICATIONS.md).
  definer_executable_by_anon: [
    'cancel_my_order',
    'consent_to_promotions_for_order',
    'create_reservation',
    'mfa_satisfied',
    'order_confirmation',
    'order_slot_availability',
    'place_order',
    'register_challenge',
    'reservation_room',
    'track_order',
    'unsubscribe_promotions',
  ],
  // accept_order, refuse_order, refuse_client_orders and set_busy_mode call require_admin() (any back-office role) first; order_slot_availability is bounded and shows full slots only;
  // reservation_room shows one day's free seats per time, never a reservation.
  // delete_my_account and my_data_export act on auth.uid() only (docs/PRIVACY.md); require_live_session only says
  // whether the caller's own session still exists, and so does session_is_live (staff_allowed asks it). note_staff_invite
  // calls require_staff('owner') first. admin_customer_export, admin_customer_erase and
  // promotion_audience call require_staff('manager') first; my_promotion_consent and set_my_promotion_consent act on the
  // caller's own confirmed e-mail.
  definer_executable_by_authenticated: [
    'accept_order',
    'admin_customer_erase',
    'admin_customer_export',
    'cancel_my_order',
    'consent_to_promotions_for_order',
    'create_reservation',
    'delete_my_account',
    'mfa_satisfied',
    'my_data_export',
    'my_promotion_consent',
    'note_staff_invite',
    'order_confirmation',
    'order_slot_availability',
    'place_order',
    'promotion_audience',
    'refuse_client_orders',
    'refuse_order',
    'register_challenge',
    'require_live_session',
    'reservation_room',
    'session_is_live',
    'set_busy_mode',
    'set_my_promotion_consent',
    'track_order',
    'unsubscribe_promotions',
    'verified_email',
  ],
  // Besides the entry points: invoker helpers that read only public rows (opening hours, settings shape checks).
  functions_executable_by_anon: [
    'cancel_my_order',
    'consent_to_promotions_for_order',
    'create_reservation',
    'delivery_fee_for',
    'euros',
    'french_day',
    'json_text',
    'kitchen_open_at',
    'last_order_margin',
    'mfa_satisfied',
    'next_opening',
    'opening_hours_are_valid',
    'opening_refusal',
    'opening_services_are_valid',
    'opening_services_on',
    'order_confirmation',
    'order_slot_availability',
    'phone_key',
    'place_order',
    'register_challenge',
    'reservation_room',
    'restaurant_identity_is_valid',
    'restaurant_time_zone',
    'restaurant_today',
    'store_setting_is_valid',
    'town_key',
    'track_order',
    'unit_price',
    'unsubscribe_promotions',
  ],
  anon_writable_tables: ['challenge_registrations INSERT', 'reservations INSERT'],
  // Only the service role reads and changes the product rate limits and their counters; only the order
  // rules read where orders came from and which clients the counter blocked.
  // promotion_consents: read and written through its RPCs only.
  rls_enabled_no_policy: [
    'blocked_clients',
    'order_origins',
    'promotion_consents',
    'rate_limit_counters',
    'rate_limits',
  ],
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
