import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { validateLogin } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthCard } from './auth-card.js';
import { useSignInMutation } from '../../lib/auth.js';

const t = fr.auth;

function explain(message: string | undefined): string {
  if (message === 'Invalid login credentials') return t.wrongCredentials;
  if (message === 'Email not confirmed') return t.emailNotConfirmed;
  return message || fr.common.somethingWrong;
}

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignInMutation();
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateLogin({ email, password });
    setError(problem);
    if (problem) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          toast({ title: t.loginSuccessTitle, description: t.loginSuccessText, variant: 'success' });
          navigate('/profil');
        },
        onError: (err) => {
          setError(explain(err.message));
          toast({ title: t.signInFailed, description: explain(err.message), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <AuthCard title={t.loginTitle} lead={t.loginLead}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t.loginTitle}>
        <fieldset disabled={signIn.isPending} className="space-y-4">
          <TextField
            id="login-email"
            label={t.email}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            id="login-password"
            label={t.password}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </fieldset>
        {error && (
          <p role="alert" className="text-sm font-semibold text-ember-600">
            {error}
          </p>
        )}
        <button type="submit" disabled={signIn.isPending} className={buttonClass('primary', 'lg', 'w-full')}>
          {signIn.isPending ? t.loggingIn : t.login}
        </button>
        <p className="text-center text-sm">
          {t.noAccount}{' '}
          <Link to="/register" className="font-semibold text-flame-700 underline">
            {fr.account.signUp}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
