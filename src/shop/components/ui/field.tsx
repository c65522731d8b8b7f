import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'w-full rounded-lg border border-charcoal-500/50 bg-white px-3 py-2.5 text-charcoal-900 placeholder:text-charcoal-500 focus:border-flame-600 focus:ring-2 focus:ring-flame-500/40 focus:outline-none disabled:bg-cream-100 disabled:text-charcoal-600';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
}

function Frame({ id, label, required, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-charcoal-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-ember-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && <p className="text-xs text-charcoal-600">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-ember-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  id,
  label,
  required,
  error,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Frame id={id} label={label} required={required} error={error} hint={hint}>
      <input
        id={id}
        name={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...input}
      />
    </Frame>
  );
}

export function TextArea({
  id,
  label,
  required,
  error,
  hint,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Frame id={id} label={label} required={required} error={error} hint={hint}>
      <textarea
        id={id}
        name={id}
        required={required}
        rows={3}
        aria-invalid={error ? true : undefined}
        className={inputClass}
        {...input}
      />
    </Frame>
  );
}

export function SelectField({
  id,
  label,
  required,
  error,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Frame id={id} label={label} required={required} error={error} hint={hint}>
      <select
        id={id}
        name={id}
        required={required}
        aria-invalid={error ? true : undefined}
        className={inputClass}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}
