import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card, PageHeader } from '../../components/ui/card.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useT } from '../../i18n/index.js';
import {
  addSecurityKey,
  enrollTotp,
  listSecurityKeys,
  listTotpFactors,
  removeTotp,
  verifyTotp,
  type SecurityKey,
  type TotpEnrolment,
  type TotpFactor,
} from '../../lib/data.js';

/** Whether this browser can use a security key (WebAuthn). */
const keysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

const codeInput =
  'mt-1 block min-h-12 w-full max-w-xs rounded-lg border-2 border-slate-400 px-3 text-center font-mono text-2xl tracking-[0.4em] focus:border-brand-600 focus:outline-none';

/**
 * Two-factor sign-in: turn it on with an authenticator app (QR code, then a first code), or turn it off; and the
 * security keys (WebAuthn) that may stand in for the app's code.
 */
export function SecurityPage() {
  const t = useT();
  const [factors, setFactors] = useState<TotpFactor[] | null>(null);
  const [keys, setKeys] = useState<SecurityKey[]>([]);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** A security key's error, shown in the keys' card rather than the app's. */
  const [keyError, setKeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setFactors(await listTotpFactors());
      setKeys(await listSecurityKeys());
    } catch {
      setError(t('mfa.loadFailed'));
    }
  }, [t]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const active = factors?.find((f) => f.verified) ?? null;

  async function task(
    run: () => Promise<void>,
    failure: (status?: number) => string,
    show: (message: string) => void = setError,
  ) {
    setBusy(true);
    setError(null);
    setKeyError(null);
    try {
      await run();
    } catch (err) {
      show(failure((err as { status?: number }).status));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    task(
      async () => setEnrolment(await enrollTotp(t('mfa.factorName'))),
      () => t('mfa.enrolFailed'),
    );

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!enrolment || !/^\d{6}$/.test(digits)) return setError(t('mfa.codeRequired'));
    return task(
      async () => {
        await verifyTotp({ factorId: enrolment.factorId, code: digits });
        setEnrolment(null);
        setCode('');
        await reload();
      },
      (status) => (status === 429 ? t('mfa.tooManyCodes') : t('mfa.codeWrong')),
    );
  };

  const remove = () =>
    active &&
    task(
      async () => {
        await removeTotp(active.id);
        await reload();
      },
      () => t('mfa.removeFailed'),
    );

  const addKey = () =>
    task(
      async () => {
        await addSecurityKey(keys.length ? `${t('mfa.keyName')} ${keys.length + 1}` : t('mfa.keyName'));
        await reload();
      },
      () => t('mfa.keyFailed'),
      setKeyError,
    );

  const removeKey = (id: string) =>
    task(
      async () => {
        await removeTotp(id);
        await reload();
      },
      () => t('mfa.removeFailed'),
      setKeyError,
    );

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('mfa.title')} />
      <Card>
        <div data-testid="mfa-app-card">
          {factors === null && !error ? (
            <Spinner label={t('common.loading')} />
          ) : active ? (
            <div data-testid="mfa-active">
              <p className="text-lg font-bold text-green-800">{t('mfa.on')}</p>
              <p className="mt-2 text-slate-700">{t('mfa.onHelp')}</p>
              <Button variant="danger" className="mt-4" disabled={busy} onClick={() => void remove()}>
                {t('mfa.remove')}
              </Button>
            </div>
          ) : enrolment ? (
            <form noValidate onSubmit={(e) => void confirm(e)}>
              <p className="text-lg font-bold">{t('mfa.scanTitle')}</p>
              <p className="mt-1 text-slate-700">{t('mfa.scanHelp')}</p>
              <img
                src={enrolment.qrCode}
                alt={t('mfa.qrAlt')}
                className="mt-4 h-56 w-56 rounded-lg border border-slate-300 bg-white"
              />
              <p className="mt-4 text-slate-700">{t('mfa.secretHelp')}</p>
              <p className="mt-1 break-all font-mono text-lg font-semibold" data-testid="mfa-secret">
                {enrolment.secret}
              </p>
              <TextField
                label={t('mfa.code')}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onValue={setCode}
                labelClassName="mt-6 block text-base font-semibold"
                className={codeInput}
              />
              <Button type="submit" className="mt-4" disabled={busy}>
                {busy ? t('mfa.checking') : t('mfa.activate')}
              </Button>
            </form>
          ) : keys.length > 0 ? (
            // The second factor is on as soon as any verified factor exists: here a key, the app still to add.
            <div data-testid="mfa-keys-only">
              <p className="text-lg font-bold text-green-800">{t('mfa.on')}</p>
              <p className="mt-2 text-slate-700">{t('mfa.onKeysHelp')}</p>
              <Button variant="secondary" className="mt-4" disabled={busy} onClick={() => void start()}>
                {t('mfa.startApp')}
              </Button>
            </div>
          ) : (
            <div>
              <p className="text-lg font-bold text-amber-800">{t('mfa.off')}</p>
              <p className="mt-2 text-slate-700">{t('mfa.offHelp')}</p>
              <Button className="mt-4" disabled={busy} onClick={() => void start()}>
                {t('mfa.start')}
              </Button>
            </div>
          )}
          {error && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
              {error}
            </p>
          )}
        </div>
      </Card>
      {factors !== null && keysSupported() && (
        <Card className="mt-4">
          <div data-testid="mfa-keys-card">
            <h2 className="text-lg font-bold">{t('mfa.keysTitle')}</h2>
            <p className="mt-2 text-slate-700">{t('mfa.keysHelp')}</p>
            {keys.length > 0 && (
              <ul data-testid="mfa-keys" className="mt-3 divide-y divide-slate-200">
                {keys.map((k) => (
                  <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                    <span className="font-semibold">{k.name}</span>
                    <Button variant="danger" disabled={busy} onClick={() => void removeKey(k.id)}>
                      {t('mfa.keyRemove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Button className="mt-4" disabled={busy} onClick={() => void addKey()}>
              {t('mfa.keyAdd')}
            </Button>
            {keyError && (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
                {keyError}
              </p>
            )}
          </div>
        </Card>
      )}
      <p className="mt-4 text-slate-600">{t('mfa.lostPhone')}</p>
    </div>
  );
}
