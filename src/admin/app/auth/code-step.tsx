import { useState, type FormEvent } from 'react';
import { removeTotp, verifyTotp, verifyWithSecurityKey, type Session } from '../../lib/data.js';
import { useT } from '../../i18n/index.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { signOut } from './session.js';

/** Whether this session was opened by a password-recovery link (its amr says so). */
function signedInByRecoveryLink(session: Session): boolean {
  try {
    const payload = JSON.parse(atob(session.access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      amr?: { method?: string }[];
    };
    return (payload.amr ?? []).some((a) => a.method === 'recovery');
  } catch {
    return false;
  }
}

const input =
  'mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-center font-mono text-2xl tracking-[0.4em] focus:border-brand-600 focus:outline-none';

/** The second step of the sign-in: the 6-digit code of the authenticator app, or a security key. */
export function CodeStep({ session }: { session: Session }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verified = (session.user.factors ?? []).filter((f) => f.status === 'verified');
  const factorId = verified.find((f) => f.factor_type === 'totp')?.id;
  const keyId = verified.find((f) => f.factor_type === 'webauthn')?.id;
  const fromRecoveryLink = signedInByRecoveryLink(session);

  /** Lost phone: the session of the e-mailed link may remove the factor (for 10 minutes, server-side). */
  async function removeFactor() {
    if (verified.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      // Every second factor goes (the app and the keys): one left would still be asked for.
      for (const f of verified) await removeTotp(f.id);
    } catch {
      setError(t('mfa.recoveryExpired'));
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits) || !factorId) return setError(t('mfa.codeRequired'));
    setBusy(true);
    setError(null);
    try {
      // On success the session becomes aal2 and the sign-in page moves on by itself.
      await verifyTotp({ factorId, code: digits });
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(status === 429 ? t('mfa.tooManyCodes') : t('mfa.codeWrong'));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  async function signInWithKey() {
    if (!keyId) return;
    setBusy(true);
    setError(null);
    try {
      // On success the session becomes aal2 and the sign-in page moves on by itself.
      await verifyWithSecurityKey(keyId);
    } catch {
      setError(t('mfa.keyUseFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t('mfa.stepTitle')}</h1>
      <p className="mt-1 text-slate-600">{t(factorId ? 'mfa.stepBody' : 'mfa.keyStepBody')}</p>
      {factorId && (
        <TextField
          label={t('mfa.code')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onValue={setCode}
          labelClassName="mt-6 block text-base font-semibold"
          className={input}
        />
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {error}
        </p>
      )}
      {factorId && (
        <Button type="submit" className="mt-6 w-full text-lg" disabled={busy}>
          {busy ? t('mfa.checking') : t('mfa.confirm')}
        </Button>
      )}
      {keyId && (
        <Button
          variant={factorId ? 'secondary' : 'primary'}
          className="mt-4 w-full text-lg"
          disabled={busy}
          onClick={() => void signInWithKey()}
        >
          {t('mfa.keyUse')}
        </Button>
      )}
      {fromRecoveryLink ? (
        <Button variant="danger" className="mt-5 w-full" disabled={busy} onClick={() => void removeFactor()}>
          {t('mfa.recoveryRemove')}
        </Button>
      ) : (
        <p className="mt-5 text-sm text-slate-600">{t('mfa.lostPhone')}</p>
      )}
      <button
        type="button"
        className="mt-3 block w-full text-center text-brand-700 underline"
        onClick={() => void signOut()}
      >
        {t('sidebar.signOut')}
      </button>
    </form>
  );
}
