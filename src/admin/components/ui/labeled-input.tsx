import type { InputHTMLAttributes, ReactNode } from 'react';

/** A text, number or date input inside its label, the label's words above it. */
export function LabeledInput({
  label,
  labelClassName,
  ...input
}: { label: ReactNode; labelClassName?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={labelClassName}>
      {label}
      <input {...input} />
    </label>
  );
}

/** A labelled input bound to a piece of text state: the label's words, the value and what sets it. */
export function TextField({
  value,
  onValue,
  ...field
}: {
  label: ReactNode;
  labelClassName?: string;
  value: string | number;
  onValue(value: string): void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return <LabeledInput {...field} value={value} onChange={(e) => onValue(e.target.value)} />;
}
