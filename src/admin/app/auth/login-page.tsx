import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import { CodeStep } from './code-step.js';
import { requestPasswordReset } from '../../lib/data.js';
import { signIn, useSession } from './session.js';
import { useT } from '../../i18n/index.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { LanguageSwitch } from '../layout/language-switch.js';
import { useKioskHeartbeat } from '../../features/acceptance/waiting-orders.js';

const input =
  'mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg focus:border-brand-600 focus:outline-none';

export function LoginPage() {
  // The kiosk's watchdog learns that the app is alive but nobody is signed in.
  useKioskHeartbeat(false);
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: Location } | null)?.from;
  const target = from && from.pathname !== '/login' ? `${from.pathname}${from.search}${from.hash}` : '/dashboard';

  const fields = [
    { label: t('login.email'), type: 'email', autoComplete: 'username', value: email, onValue: setEmail },
    {
      label: t('login.password'),
      type: 'password',
      autoComplete: 'current-password',
      value: password,
      onValue: setPassword,
    },
  ];

  if (session.status === 'signed-in' && session.isAdmin && !session.needsCode && !busy)
    return <Navigate to={target} replace />;
  if (session.status === 'signed-in' && session.isAdmin && session.needsCode)
    return (
      <main className="flex min-h-full items-center justify-center bg-slate-900 p-4">
        <CodeStep session={session.session} />
      </main>
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return setError(t('login.required'));
    setBusy(true);
    setError(null);
    const result = await signIn(email.trim(), password);
    setBusy(false);
    if (!result.ok) return setError(t('login.failed'));
    // With a second factor the page stays and asks for the code (CodeStep) before going on.
    const now = useSession.getState();
    if (now.status === 'signed-in' && now.needsCode) return;
    navigate(target, { replace: true });
  }

  /** The e-mailed link signs in on this page; with a lost phone its session may remove the second factor. */
  async function forgot() {
    if (!email.trim()) return setError(t('login.emailRequired'));
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset({ email: email.trim(), redirectTo: `${window.location.origin}/admin/login` });
      setNotice(t('login.resetSent'));
    } catch {
      setError(t('login.resetFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-full items-center justify-center bg-slate-900 p-4">
      <form noValidate onSubmit={submit} className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        {/* On a phone the title and the language switch share 300 px: the switch goes under it if need be. */}
        <div className="mb-6 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold sm:text-3xl">{t('login.title')}</h1>
            <p className="mt-1 text-slate-600">{t('login.subtitle')}</p>
          </div>
          <LanguageSwitch />
        </div>
        {fields.map((field, i) => (
          <TextField
            key={field.type}
            {...field}
            labelClassName={i === 0 ? 'block text-base font-semibold' : 'mt-4 block text-base font-semibold'}
            className={input}
          />
        ))}
        {error && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" className="mt-6 w-full text-lg" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        {notice && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-semibold text-green-800">
            {notice}
          </p>
        )}
        <button
          type="button"
          className="mt-4 block w-full text-center text-brand-700 underline"
          disabled={busy}
          onClick={() => void forgot()}
        >
          {t('login.forgot')}
        </button>
        <a href="/" className="mt-3 block text-center text-brand-700 underline">
          {t('login.backToSite')}
        </a>
      </form>
    </main>
  );
}
