import type { ReactNode } from 'react';

/** A group of settings saved together: its title and help above the fields; submitting runs `onSave`. */
export function SettingsForm({
  title,
  help,
  onSave,
  children,
  ...form
}: {
  title: string;
  help: string;
  onSave(): void;
  children: ReactNode;
  'data-testid': string;
  className: string;
  noValidate?: boolean;
}) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <div>
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="text-slate-700">{help}</p>
      </div>
      {children}
    </form>
  );
}
