import { Button } from './button.js';
import { toast } from './toast-store.js';
import { useT } from '../../i18n/index.js';

/** The text boxes of a message being written (an SMS, an e-mail, a promotion). */
export const composeFieldClass = 'mt-1 block w-full rounded-lg border-2 border-slate-400 p-3 text-lg';

/** A subject line (an input) or a message (a textarea, when `rows` is given), its label above it. */
export function ComposeField({
  label,
  value,
  onChange,
  rows,
  spacing,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  /** The margin above the label, when it follows another field. */
  spacing?: string;
  /** Classes added to the text box's own. */
  className?: string;
}) {
  const box = {
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    className: className ? `${composeFieldClass} ${className}` : composeFieldClass,
  };
  return (
    <label className={spacing ? `${spacing} block font-semibold` : 'block font-semibold'}>
      {label}
      {rows === undefined ? <input {...box} /> : <textarea {...box} rows={rows} />}
    </label>
  );
}

/** Cancelar and Enviar at the foot of a message dialog. */
export function SendButtons({
  onCancel,
  onSend,
  disabled,
  pending,
}: {
  onCancel(): void;
  onSend(): void;
  disabled: boolean;
  pending: boolean;
}) {
  const t = useT();
  return (
    <div className="mt-5 flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button onClick={onSend} disabled={disabled || pending}>
        {pending ? t('common.sending') : t('common.send')}
      </Button>
    </div>
  );
}

/** Sends a message; on success says so and runs `then` (clear and close), on failure shows the server's reason. */
export async function sendMessage(
  send: () => Promise<unknown>,
  words: { sent: string; failed: string },
  then: () => void,
): Promise<void> {
  try {
    await send();
    toast.success(words.sent);
    then();
  } catch (e) {
    toast.error(words.failed, (e as Error).message);
  }
}
