import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button.js';
import { FullPageSpinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { useSession } from '../../app/auth/session.js';
import { useT } from '../../i18n/index.js';
import { updatePassword } from '../../lib/data.js';
import { staffText } from './staff-text.js';

const FIELD =
  'mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg focus:border-brand-600 focus:outline-none';

/**
 * Where the invitation's link lands (/admin/convite): Auth's /verify has put the invitee's session in the address,
 * which the client reads; the invitee chooses a password and goes on to the screens of their role. A link used
 * before or expired brings no session: the page says so.
 */
export function InvitePage() {
  const t = useT();
  const s = staffText.useText();
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A used or expired link comes back with the error in the address (the client leaves it there, and keeps any
  // session this browser already had): the page says the link is spent rather than offering that session's form.
  const [linkFailed] = useState(() => new URLSearchParams(window.location.hash.slice(1)).has('error_code'));

  if (session.status === 'loading') return <FullPageSpinner label={t('common.loading')} />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== again) {
      setError(s('mismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updatePassword(password);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-full items-center justify-center bg-slate-900 p-4">
      {session.status === 'signed-in' && !linkFailed ? (
        <form
          noValidate
          onSubmit={submit}
          className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
          data-testid="invite-accept"
        >
          <h1 className="text-2xl font-extrabold sm:text-3xl">{s('acceptTitle')}</h1>
          <p className="mt-2 text-slate-700">{s('acceptIntro', { email: session.session.user.email ?? '' })}</p>
          <TextField
            label={s('password')}
            labelClassName="mt-5 block text-base font-semibold"
            className={FIELD}
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
          />
          <TextField
            label={s('passwordAgain')}
            labelClassName="mt-4 block text-base font-semibold"
            className={FIELD}
            type="password"
            autoComplete="new-password"
            value={again}
            onValue={setAgain}
          />
          {error && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" className="mt-6 w-full text-lg" disabled={busy || !password}>
            {s('save')}
          </Button>
        </form>
      ) : (
        <div role="alert" className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-2xl sm:p-8">
          <p className="text-lg">{s('linkInvalid')}</p>
          <Link to="/login" className="mt-5 inline-block text-brand-700 underline">
            {s('toLogin')}
          </Link>
        </div>
      )}
    </main>
  );
}
