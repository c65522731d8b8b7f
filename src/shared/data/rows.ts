/** Rows and RPC results as the database returns them (column names as in supabase/migrations). */
import type { Order, OrderItem } from '../domain/order.js';

export interface MenuCategoryRow {
  id: string;
  name: string;
  slug: string;
  sort_order: number;
}

export interface MenuItemRow {
  id: string;
  category_id: string;
  name: string;
  description: string;
  price: number | string;
  image_src: string | null;
  image_alt: string | null;
  unavailable: boolean;
  special_offer: { text: string; condition?: string } | null;
  item_type: 'dish' | 'section_title' | 'coming_soon';
  title: string | null;
  kids_menu_options: { id: string; name: string }[] | null;
  sort_order: number;
  /** Menu editor: not shown on the shop (and kept unavailable). */
  hidden?: boolean;
  /** Menu editor: deleted softly; the row stays for order history. */
  deleted_at?: string | null;
  /** VAT rate in percent (takings report). */
  vat_rate?: number;
  /** EU allergen codes the dish contains ([]: none); null: not declared yet. */
  allergens?: string[] | null;
}

export interface StoreSettingRow {
  key: string;
  value: unknown;
  is_public?: boolean;
}

export interface ReviewRow {
  id: string;
  author: string;
  rating: number;
  text: string;
  date: string;
  source: string;
}

/** What place_order returns: the stored order plus its number and subtotal. */
export type PlacedOrder = Order & { order_number: string; subtotal: number };

/**
 * What track_order returns: only what the tracking page shows (no name, e-mail or phone). Found by phone
 * number alone (details_hidden), the status only: the number, items, amounts, address, town, notes and
 * pre-order date and time are null (empty items).
 */
export interface TrackedOrder {
  order_number: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  order_items: (Pick<OrderItem, 'name' | 'quantity' | 'price'> & { options: { name: string; price: number }[] })[];
  total_price: number | null;
  delivery_fee: number | null;
  discount_amount: number | null;
  grand_total: number | null;
  delivery_method: 'pickup' | 'delivery';
  customer_address: string | null;
  customer_postal_code: string | null;
  customer_city: string | null;
  notes: string | null;
  is_preorder: boolean;
  preorder_date: string | null;
  preorder_time: string | null;
  /** Set when the restaurant accepted the order. */
  accepted_at?: string | null;
  ready_at?: string | null;
  /** "Prête vers 19:45" / "Livraison prévue vers 19:45", on the restaurant's clock. */
  ready_text?: string | null;
  /** Why the restaurant refused the order (status Annulée only). */
  refusal_reason?: string | null;
  /** Found by phone number alone: everything but the status is left out (the order number shows it). */
  details_hidden?: boolean;
}

/**
 * What order_confirmation and cancel_my_order return: the tracking answer of one order found by its full id,
 * with the payment method, whether the customer may still cancel it, and whether they did.
 */
export interface ConfirmedOrder extends TrackedOrder {
  id: string;
  order_number: string;
  payment_method: 'cash' | 'card';
  /** Still waiting for the restaurant: the customer may cancel it. */
  can_cancel: boolean;
  cancelled_by_customer: boolean;
}

export interface OrderStats {
  today: number;
  week: number;
  month: number;
}

/** Contact details of the signed-in customer's latest order, for the cart form. */
export interface CustomerPrefill {
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

export type NotificationKind = 'order_confirmation' | 'order_status' | 'reservation_received' | 'reservation_status';
export type NotificationStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface NotificationOutboxRow {
  id: string;
  kind: NotificationKind;
  channel: 'email' | 'sms';
  recipient: string;
  order_id: string | null;
  reservation_id: string | null;
  payload: Record<string, unknown>;
  status: NotificationStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: string;
  lease_expires_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  provider_message_id: string | null;
  created_at: string;
}

export interface NotificationAttemptRow {
  id: number;
  outbox_id: string;
  attempted_at: string;
  ok: boolean;
  error: string | null;
  provider: string | null;
  provider_message_id: string | null;
}
