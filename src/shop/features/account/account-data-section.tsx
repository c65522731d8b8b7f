import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { refusalOf, useDeleteMyAccountMutation, useExportMyDataMutation } from '../../lib/data.js';
import { accountData as t } from '../../i18n/fr-account-data.js';
import { buttonClass } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { TrashIcon } from '../../components/ui/icons.js';
import { toast } from '../../components/ui/toast-store.js';
import { saveJsonFile } from '../../../shared/ui/save-json-file.js';

const failure = (title: string) => (e: unknown) =>
  toast({ title, description: refusalOf(e)?.message ?? t.genericError, variant: 'destructive' });

export function AccountDataSection() {
  const exporter = useExportMyDataMutation({
    mutationConfig: {
      onSuccess: (data) => {
        const file = t.fileName(data.exported_at.slice(0, 10));
        saveJsonFile(file, data);
        toast({ title: t.exportDoneTitle, description: t.exportDoneText(file), variant: 'success' });
      },
      onError: failure(t.exportFailed),
    },
  });
  return (
    <section aria-labelledby="account-data-title" className="mt-8 border-t border-cream-200 pt-6">
      <h2 id="account-data-title" className="text-lg font-bold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-charcoal-700">{t.exportText}</p>
      <button
        type="button"
        onClick={() => exporter.mutate()}
        disabled={exporter.isPending}
        className={buttonClass('outline', 'sm', 'mt-3 w-full')}
      >
        {exporter.isPending ? t.exporting : t.exportButton}
      </button>
      <DeleteAccount />
    </section>
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [wrong, setWrong] = useState(false);
  /** The database's refusal while an order of the account is still open (open_order), shown in the form. */
  const [blocked, setBlocked] = useState<string | null>(null);
  const titleId = useId();
  const remover = useDeleteMyAccountMutation({
    mutationConfig: {
      onSuccess: (result) => {
        if (!result.deleted) {
          setWrong(true);
          return;
        }
        toast({ title: t.deletedTitle, description: t.deletedText, variant: 'success' });
        navigate('/', { replace: true });
      },
      onError: (e) => {
        const refusal = refusalOf(e);
        if (refusal?.code === 'open_order') setBlocked(refusal.message);
        else failure(t.deleteFailed)(e);
      },
    },
  });
  const typed = password !== '';
  const fieldError = tried && !typed ? t.passwordMissing : wrong ? t.passwordWrong : undefined;

  if (!confirming)
    return (
      <div className="mt-6">
        <h3 className="font-semibold">{t.deleteTitle}</h3>
        <p className="mt-1 text-sm text-charcoal-700">{t.deleteText}</p>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className={buttonClass('ghost', 'sm', 'mt-2 w-full text-ember-600')}
        >
          <TrashIcon className="size-4" /> {t.deleteButton}
        </button>
      </div>
    );

  return (
    <form
      aria-labelledby={titleId}
      className="mt-6 rounded-xl border-2 border-ember-600/60 bg-ember-600/5 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        setWrong(false);
        setBlocked(null);
        if (typed) remover.mutate(password);
      }}
    >
      <h3 id={titleId} className="font-bold text-ember-700">
        {t.confirmTitle}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-charcoal-800">
        {t.consequences.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-4">
        <TextField
          id="confirm-delete"
          type="password"
          label={t.passwordLabel}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setWrong(false);
          }}
          error={fieldError}
        />
      </div>
      {blocked && (
        <div role="alert" className="mt-4 rounded-lg bg-white p-3 text-sm text-charcoal-800">
          <p className="font-semibold text-ember-700">{t.openOrderTitle}</p>
          <p className="mt-1">{blocked}</p>
          <Link to="/mes-commandes" className="mt-2 inline-block font-semibold text-ember-700 underline">
            {t.openOrderLink}
          </Link>
        </div>
      )}
      <div className="mt-4 grid gap-2">
        <button
          type="submit"
          disabled={remover.isPending}
          className={buttonClass('primary', 'sm', 'bg-ember-600 hover:bg-ember-700')}
        >
          {remover.isPending ? t.deleting : t.confirmButton}
        </button>
        <button
          type="button"
          onClick={() => {
            setConfirming(false);
            setPassword('');
            setTried(false);
            setWrong(false);
            setBlocked(null);
          }}
          className={buttonClass('outline', 'sm')}
        >
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
