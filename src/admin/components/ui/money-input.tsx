import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { formatAmount, formatEuro, parseEuroPrice } from '../../../shared/domain/money.js';
import { useT } from '../../i18n/index.js';

/** The amount a money field's text stands for, in euros, or null (empty, not a number, or finer than a cent). */
export function typedEuros(text: string): number | null {
  const euros = parseEuroPrice(text.trim());
  if (euros === null || !Number.isFinite(euros)) return null;
  return Math.abs(euros * 100 - Math.round(euros * 100)) > 1e-6 ? null : euros;
}

/**
 * A price or fee as the owner types it: « 6,5 » or « 6.5 », whatever the browser's language (a number input
 * follows the browser's locale: in an English browser « 6,5 » was read as 65). Plain text with the decimal
 * keypad; under it, once the text is not written as the restaurant writes amounts (« 6,50 »), what will be
 * saved (« Será guardado: 6,50 € ») or how to write it. The form still checks its bounds when it saves.
 */
export function MoneyInput({
  label,
  labelClassName,
  value: typed,
  onValue,
  ...input
}: {
  /** The words above the input; without them the input sits in the caller's label (or has its aria-label). */
  label?: ReactNode;
  labelClassName?: string;
  value: string | number;
  onValue(value: string): void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'>) {
  const t = useT();
  const previewId = useId();
  const value = String(typed);
  const euros = typedEuros(value);
  // Said when the text is not already written the restaurant's way (« 6,50 »): typed otherwise, or no amount.
  const said = value.trim() !== '' && (euros === null || value.trim() !== formatAmount(euros));
  const field = (
    <input
      {...input}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      aria-describedby={said ? previewId : undefined}
      aria-invalid={value.trim() !== '' && euros === null ? true : undefined}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
  const preview = said ? (
    <span
      id={previewId}
      data-testid="money-preview"
      aria-live="polite"
      className={`mt-1 block text-sm ${euros === null ? 'font-semibold text-red-800' : 'text-slate-700'}`}
    >
      {euros === null ? t('money.notAmount') : t('money.willSave', { amount: formatEuro(euros) })}
    </span>
  ) : null;
  if (label === undefined)
    return (
      <span className="block">
        {field}
        {preview}
      </span>
    );
  return (
    <span className="block">
      <label className={labelClassName}>
        {label}
        {field}
      </label>
      {preview}
    </span>
  );
}
