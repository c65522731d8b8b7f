import { Button } from '../../components/ui/button.js';

/** The end of the dish and offer forms: the refusal (if any), then Cancelar and Guardar kept in view. */
export function FormFooter({
  error,
  saving,
  cancelLabel,
  saveLabel,
  onClose,
}: {
  error: string | null;
  saving: boolean;
  cancelLabel: string;
  saveLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {error}
        </p>
      )}
      <div className="sticky bottom-0 flex justify-end gap-2 bg-white pt-2">
        <Button variant="secondary" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={saving}>
          {saveLabel}
        </Button>
      </div>
    </>
  );
}
