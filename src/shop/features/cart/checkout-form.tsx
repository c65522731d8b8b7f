import type { ComponentType } from 'react';
import { PAYMENT_METHODS, DELIVERY_METHODS } from '../../../shared/domain/delivery-method.js';
import { exceptionOn, SEEDED_OPENING_SCHEDULE } from '../../../shared/domain/opening-hours.js';
import {
  firstPreorderDate,
  latestPreorderDate,
  preorderDateRefusal,
  preorderSlotsFor,
} from '../../../shared/domain/bookable-slots.js';
import { restaurantDate } from '../../../shared/domain/restaurant-time.js';
import { useSlotAvailabilityQuery } from '../../lib/data.js';
import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { fieldBinder, TextArea, TextField, SelectField } from '../../components/ui/field.js';
import { StoreIcon, TruckIcon } from '../../components/ui/icons.js';
import { useSession } from '../../lib/session.js';
import type { Checkout } from './use-checkout.js';
import { PromotionConsentField } from './promotion-consent-field.js';

const t = fr.cart;
const choice =
  'flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 px-3 py-2.5 text-sm font-semibold peer-checked:border-flame-600';

function Segmented<T extends string>({
  name,
  legend,
  value,
  options,
  labels,
  icons,
  onChange,
}: {
  name: string;
  legend: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  icons?: Partial<Record<T, ComponentType<{ className?: string }>>>;
  onChange(v: T): void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-charcoal-800">{legend}</legend>
      <div className="flex gap-2">
        {options.map((o) => {
          const Icon: ComponentType<{ className?: string }> | undefined = icons?.[o];
          const checked = value === o;
          return (
            <label
              key={o}
              className={`${choice} ${checked ? 'border-flame-600 bg-flame-600/10 text-flame-700' : 'border-cream-300 text-charcoal-800'} has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-flame-500`}
            >
              <input
                type="radio"
                name={name}
                value={o}
                checked={checked}
                onChange={() => onChange(o)}
                className="sr-only"
              />
              {Icon && <Icon className="size-5" />}
              {labels[o]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CheckoutForm({ c }: { c: Checkout }) {
  const restaurant = useRestaurant();
  const { checkout } = c;
  const { customer } = checkout;
  const zoneMessage = t.zoneMessage(c.zoneQuote);
  const { email: accountEmail, status } = useSession();
  const signedIn = status === 'signedIn';
  const now = new Date();
  const today = restaurantDate(now);
  // Today: from now plus the kitchen's preparation time, as the server says (asap.preorder_from).
  const todayAnswer = useSlotAvailabilityQuery(c.deliveryMethod, null, checkout.isPreorder).data;
  const todayFrom = todayAnswer?.date === today ? todayAnswer.asap?.preorder_from : undefined;
  const minDate = firstPreorderDate(now, c.schedule ?? undefined, todayFrom);
  const todaySlots = preorderSlotsFor(today, now, c.schedule ?? undefined, todayFrom);
  // Only the days and times the server takes: a date typed by hand before today or beyond 60 days gets none.
  const dateRefusal = checkout.preorderDate ? preorderDateRefusal(checkout.preorderDate, now) : null;
  const slots = checkout.preorderDate
    ? preorderSlotsFor(checkout.preorderDate, now, c.schedule ?? undefined, todayFrom)
    : [];
  const closure = checkout.preorderDate
    ? exceptionOn(checkout.preorderDate, c.schedule ?? SEEDED_OPENING_SCHEDULE)
    : undefined;
  // Slots already full for this method (capacity per 15 min, set by the restaurant) are greyed out.
  const availability = useSlotAvailabilityQuery(
    c.deliveryMethod,
    checkout.preorderDate || null,
    checkout.isPreorder && !!checkout.preorderDate && !dateRefusal,
  );
  const full = new Set(availability.data?.full ?? []);
  // A refused name, phone, postal code or e-mail says why under its field, until it is changed.
  const field = fieldBinder(
    'cart',
    customer,
    (patch) => {
      checkout.setCustomer(patch);
      if (c.fieldError && c.fieldError.field in patch) c.clearFieldError();
    },
    (key) => (c.fieldError?.field === key ? c.fieldError.message : undefined),
  );

  return (
    <div className="space-y-5">
      <fieldset disabled={c.submitting} className="space-y-3">
        <legend className="mb-1 font-display text-lg font-semibold uppercase">{t.contactTitle}</legend>
        <TextField label={t.name} required autoComplete="name" {...field('name')} />
        <TextField label={t.phone} type="tel" required autoComplete="tel" {...field('phone')} />
        {/* Signed in, the order goes to the account's address, shown and locked. */}
        <TextField
          label={t.email}
          type="email"
          {...(signedIn
            ? { id: 'cart-email', disabled: true, value: accountEmail ?? '', hint: t.emailSignedIn }
            : { optional: true, autoComplete: 'email', ...field('email') })}
        />
        <PromotionConsentField email={signedIn ? (accountEmail ?? '') : customer.email} disabled={c.submitting} />
      </fieldset>

      {c.deliveryEnabled && (
        <Segmented
          name="delivery-method"
          legend={t.methodTitle}
          value={c.deliveryMethod}
          options={DELIVERY_METHODS}
          labels={fr.deliveryMethods}
          icons={{ delivery: TruckIcon, pickup: StoreIcon }}
          onChange={(v) => checkout.set({ deliveryMethod: v })}
        />
      )}

      {c.deliveryMethod === 'delivery' ? (
        <fieldset disabled={c.submitting} className="space-y-3">
          <TextField label={t.address} required autoComplete="street-address" {...field('address')} />
          <div className="grid grid-cols-[2fr_3fr] gap-3">
            <TextField label={t.postalCode} required autoComplete="postal-code" {...field('postalCode')} />
            <TextField label={t.city} required autoComplete="address-level2" {...field('city')} />
          </div>
          {zoneMessage && (
            <p
              role="status"
              data-testid="zone-message"
              className={`text-sm font-semibold ${c.zoneQuote.fee === null ? 'text-ember-600' : 'text-herb-700'}`}
            >
              {zoneMessage}
            </p>
          )}
        </fieldset>
      ) : (
        <p className="flex items-start gap-2 rounded-xl bg-cream-100 p-3 text-sm">
          <StoreIcon className="mt-0.5 size-4 shrink-0 text-flame-600" />
          {t.pickupAt(restaurant.address)}
        </p>
      )}

      <Segmented
        name="payment-method"
        legend={t.paymentTitle}
        value={checkout.paymentMethod}
        options={PAYMENT_METHODS}
        labels={fr.paymentMethods}
        onChange={(v) => checkout.set({ paymentMethod: v })}
      />

      <div className="rounded-xl bg-cream-100 p-3">
        <div className="flex items-center justify-between gap-3">
          <div>
            <p id="preorder-label" className="font-semibold">
              {t.preorder}
            </p>
            <p className="text-xs text-charcoal-600" data-testid="preorder-hint">
              {todaySlots.length > 0 ? t.preorderTodayHint(todaySlots[0]!) : t.preorderHint}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={checkout.isPreorder}
            aria-labelledby="preorder-label"
            data-testid="preorder-switch"
            // Switched on, the picker opens on the first day with a slot left: today when one is still to come.
            onClick={() =>
              checkout.set(
                checkout.isPreorder || checkout.preorderDate
                  ? { isPreorder: !checkout.isPreorder }
                  : { isPreorder: true, preorderDate: minDate, preorderTime: '' },
              )
            }
            className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${checkout.isPreorder ? 'bg-flame-600' : 'bg-charcoal-500/50'}`}
          >
            <span
              className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${checkout.isPreorder ? 'translate-x-5' : ''}`}
            />
          </button>
        </div>
        {checkout.isPreorder && (
          <div className="mt-3 grid grid-cols-2 gap-3">
            <TextField
              id="preorder-date"
              label={t.preorderDate}
              type="date"
              min={minDate}
              max={latestPreorderDate(now)}
              value={checkout.preorderDate}
              onChange={(e) => checkout.set({ preorderDate: e.target.value, preorderTime: '' })}
            />
            <SelectField
              id="preorder-time"
              label={t.preorderTime}
              value={checkout.preorderTime}
              onChange={(e) => checkout.set({ preorderTime: e.target.value })}
              disabled={!checkout.preorderDate || slots.length === 0}
            >
              <option value="">{t.chooseTime}</option>
              {slots.map((s) => (
                <option key={s} value={s} disabled={full.has(s)}>
                  {full.has(s) ? `${s} (complet)` : s}
                </option>
              ))}
            </SelectField>
            {checkout.preorderDate && slots.length === 0 && (
              <p className="col-span-2 text-sm text-ember-600">
                {dateRefusal
                  ? dateRefusal.message
                  : closure?.is_closed && closure.reason
                    ? t.closedFor(closure.reason)
                    : t.noSlots}
              </p>
            )}
          </div>
        )}
        {!checkout.isPreorder && c.kitchenFullUntil && (
          <p
            className="mt-3 rounded-xl bg-ember-50 p-3 text-sm font-semibold text-ember-700"
            data-testid="kitchen-busy"
            role="status"
          >
            Cuisine complète pour le moment : votre commande sera prête vers {c.kitchenFullUntil}.
          </p>
        )}
      </div>

      <TextArea label={t.notes} placeholder={t.notesPlaceholder} disabled={c.submitting} {...field('notes')} />
    </div>
  );
}
