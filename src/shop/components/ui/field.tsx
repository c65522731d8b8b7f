import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { fr } from '../../i18n/fr.js';

export const inputClass =
  'w-full rounded-lg border border-charcoal-500/50 bg-white px-3 py-2.5 text-charcoal-900 placeholder:text-charcoal-500 focus:border-flame-600 focus:ring-2 focus:ring-flame-500/40 focus:outline-none disabled:bg-cream-100 disabled:text-charcoal-600';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** Says so after the label: « E-mail (optionnel) ». */
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
}

/** The field's own props (label, hint, error…) apart from those of its control. */
function splitField<T extends object>({
  id,
  label,
  required,
  optional,
  error,
  hint,
  ...control
}: FieldProps & T): [FieldProps, T] {
  return [
    { id, label: optional ? `${label} (${fr.common.optional})` : label, required, error, hint },
    control as unknown as T,
  ];
}

/**
 * Binds a form's text fields to one object of values: `field('postalCode')` gives the field its id
 * (`<prefix>-postal-code`, also its name), its value, the change that updates it and its error.
 */
export function fieldBinder<F extends Record<string, string>>(
  prefix: string,
  values: F,
  update: (patch: Partial<F>) => void,
  errorOf: (key: keyof F & string) => string | undefined = () => undefined,
) {
  return (key: keyof F & string) => ({
    id: `${prefix}-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => update({ [key]: e.target.value } as Partial<F>),
    error: errorOf(key),
  });
}

/** What every control of a field carries: its id (and form name), whether it is required or invalid. */
function controlProps({ id, required, error }: FieldProps) {
  return { id, name: id, required, 'aria-invalid': error ? true : undefined } as const;
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

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = splitField(props);
  return (
    <Frame {...field}>
      <input
        {...controlProps(field)}
        aria-describedby={field.error ? `${field.id}-error` : undefined}
        className={inputClass}
        {...input}
      />
    </Frame>
  );
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, input] = splitField(props);
  return (
    <Frame {...field}>
      <textarea {...controlProps(field)} rows={3} className={inputClass} {...input} />
    </Frame>
  );
}

export function SelectField(props: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field, { children, ...select }] = splitField(props);
  return (
    <Frame {...field}>
      <select {...controlProps(field)} className={inputClass} {...select}>
        {children}
      </select>
    </Frame>
  );
}
