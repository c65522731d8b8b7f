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
