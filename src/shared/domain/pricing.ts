import type { DeliveryMethod } from './delivery-method.js';
import { parseIsoDate, type IsoDate } from './restaurant-time.js';

/**
 * A time-limited price: the price rule of an offer (public.offers, see offers.ts), so the shop's cart
 * and the database's unit_price() apply the same rows. There is no built-in copy.
 * from and until are calendar days of the restaurant, both inclusive (until runs to 23:59:59 local time).
 * The spec's original check effectively looked at the end date only, so the price applied to
 * every earlier day too; we apply the whole window, which is what the home page announces
 * ("10 au 13 octobre").
 */
export interface SpecialPrice {
  itemId: string;
  price: number;
  /** Omitted: applies to both methods. */
  method?: DeliveryMethod;
  /** Omitted: no first day, the price applies up to until. */
  from?: IsoDate;
  until: IsoDate;
}

export interface PriceContext {
  method: DeliveryMethod;
  /** The restaurant's day the order is for: today, or the pre-order date. */
  date: IsoDate;
  /** The offers' price rules as read from the database; none: menu prices. */
  specialPrices?: readonly SpecialPrice[];
}

export function specialPriceFor(itemId: string, ctx: PriceContext): SpecialPrice | undefined {
  if (!parseIsoDate(ctx.date)) return undefined;
  return (ctx.specialPrices ?? []).find(
    (s) =>
      s.itemId === itemId &&
      (s.method === undefined || s.method === ctx.method) &&
      (s.from === undefined || s.from <= ctx.date) &&
      ctx.date <= s.until,
  );
}

/** What one unit of a menu item costs for this method and day. */
export function unitPrice(item: { id: string; price: number }, ctx: PriceContext): number {
  return specialPriceFor(item.id, ctx)?.price ?? item.price;
}
