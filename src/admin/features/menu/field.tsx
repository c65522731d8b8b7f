import type { ReactNode } from 'react';
import { MoneyInput } from '../../components/ui/money-input.js';
import { Select, type Choice } from '../../components/ui/select.js';

/** The dish and offer forms' field: its name above the input, an optional hint under it. */
export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="block">
      <span className="mb-1 block font-semibold">{label}</span>
      {children}
      {hint && <span className="mt-1 block text-sm text-slate-600">{hint}</span>}
    </label>
  );
}

export const input = 'min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg';

/** A price in euros as typed ('9,50' or '9.5'), what will be saved shown under it, checked when the form is saved. */
export function PriceField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    // Its own label, as Field draws it, so that what will be saved is read after the price, not as its name.
    <MoneyInput
      label={<span className="mb-1 block font-semibold">{label}</span>}
      labelClassName="block"
      className={input}
      value={value}
      onValue={onChange}
    />
  );
}

/** One of a list (a category, a rate, a dish, a method). */
export function SelectField({
  label,
  hint,
  value,
  onChange,
  ...select
}: {
  label: string;
  hint?: string;
  value: string | number;
  onChange(v: string): void;
  choices: Choice[];
  placeholder?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      <Select className={input} value={value} onChange={(e) => onChange(e.target.value)} {...select} />
    </Field>
  );
}

/** A dish's or an offer's picture in its row; hidden (its place kept) when it does not load. */
export function Thumbnail({ src, className, lazy = false }: { src: string; className: string; lazy?: boolean }) {
  return (
    <img
      src={src}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      className={className}
      onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
    />
  );
}
