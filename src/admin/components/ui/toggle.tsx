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
