export function Toggle({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange(next: boolean): void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-10 w-20 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-50 ${checked ? 'border-green-800 bg-green-600' : 'border-slate-500 bg-slate-300'}`}
    >
      <span
        className={`inline-block h-8 w-8 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-10' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

/** A setting that is on or off: its name and a line of help, the switch on the right. */
export function ToggleRow({
  label,
  help,
  labelClassName = 'font-bold',
  ...toggle
}: {
  label: string;
  help: string;
  labelClassName?: string;
  checked: boolean;
  onChange(next: boolean): void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p className={labelClassName}>{label}</p>
        <p className="text-slate-700">{help}</p>
      </div>
      <Toggle {...toggle} label={label} />
    </div>
  );
}
