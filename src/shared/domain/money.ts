/**
 * Money is carried as numbers of euros (the spec's JSON and the database's numeric columns) but every
 * sum or product is done in integer cents, so 0.1 + 0.2 is 0.30 and never 0.30000000000000004.
 */

export type Cents = number;

/** Euros to whole cents; prices have two decimals, the tiny bias absorbs binary noise like 1.005. */
export function toCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`Not an amount of euros: ${euros}`);
  const sign = euros < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(euros) * 100 + 1e-6);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

export function sumEuros(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((total, euros) => total + toCents(euros), 0));
}

export function multiplyEuros(euros: number, quantity: number): number {
  return fromCents(toCents(euros) * quantity);
}

/** "12,50": two decimals, French decimal comma, no grouping (tickets and SMS stay plain ASCII digits). */
export function formatAmount(euros: number): string {
  const cents = toCents(euros);
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** "12,50 €": the French display of a price, with an ordinary space before the sign. */
export function formatEuro(euros: number): string {
  return `${formatAmount(euros)} €`;
}

/** "12,50€": the compact form the spec uses in running text (home offer, minimum-order warning). */
export function formatEuroCompact(euros: number): string {
  return `${formatAmount(euros)}€`;
}

/**
 * Reads a price written as a number or as text ("12,50 €", "12.5", "€ 3,86"); the spec's menu
 * data converts text prices this way. Returns null when it is not an amount.
 */
export function parseEuroPrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/€/g, '').replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A dish's price bounds (menu_items_dish_price and menu_items_price_bound in SQL). */
export const DISH_PRICE_MAX = 1000;

/**
 * A dish's price as the menu stores it: 0,01 to 1000 €, in whole cents (the database's numeric(10, 2)
 * would turn 0,004 into a free dish). A « coming soon » card or a section title may stay at 0.
 */
export function isDishPrice(price: number | null, free = false): price is number {
  if (price === null || !Number.isFinite(price) || price > DISH_PRICE_MAX) return false;
  if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) return false;
  return free ? price >= 0 : price >= 0.01;
}
