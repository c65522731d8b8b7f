import type { ReactNode, SelectHTMLAttributes } from 'react';

export interface Choice {
  value: string | number;
  label: ReactNode;
}

/** A select over its choices (a value and its words each), after an empty choice when `placeholder` is given. */
export function Select({
  choices,
  placeholder,
  ...select
}: { choices: Choice[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...select}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
