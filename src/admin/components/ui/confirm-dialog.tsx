import { Dialog } from './dialog.js';
import { Button } from './button.js';
import { useT } from '../../i18n/index.js';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const t = useT();
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title}>
      <p className="text-lg break-words">{props.body}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** The question before a removal (the danger button): closing it keeps the thing, confirming closes it and removes. */
export function ConfirmRemoval({
  open,
  setOpen,
  onConfirm,
  ...words
}: {
  open: boolean;
  setOpen(open: boolean): void;
  onConfirm(): void;
  title: string;
  body: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={open}
      danger
      {...words}
      onClose={() => setOpen(false)}
      onConfirm={() => {
        setOpen(false);
        onConfirm();
      }}
    />
  );
}
