import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { validateRegistration } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthCard } from './auth-card.js';
import { useSignUpMutation } from '../../lib/auth.js';

const t = fr.auth;

export default function RegisterPage() {
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const signUp = useSignUpMutation();
  const navigate = useNavigate();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateRegistration(form);
    setError(problem);
    if (problem) return;
    // The confirmation e-mail brings the customer back to the shop's login page.
    signUp.mutate(
      { ...form, emailRedirectTo: `${window.location.origin}/login` },
      {
        onSuccess: () => {
          toast({ title: t.signUpSuccessTitle, description: t.signUpSuccessText, variant: 'success' });
          navigate('/');
        },
        onError: () => toast({ title: t.signUpFailed, description: t.signUpFailedText, variant: 'destructive' }),
      },
    );
  };

  return (
    <AuthCard title={t.registerTitle} lead={t.registerLead}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t.registerTitle}>
        <fieldset disabled={signUp.isPending} className="space-y-4">
          <TextField
            id="register-email"
            label={t.email}
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={set('email')}
          />
          <TextField
            id="register-password"
            label={t.password}
            type="password"
            autoComplete="new-password"
            required
            hint={t.passwordHint}
            value={form.password}
            onChange={set('password')}
          />
          <TextField
            id="register-confirm"
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            required
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </fieldset>
        {error && (
          <p role="alert" className="text-sm font-semibold text-ember-600">
            {error}
          </p>
        )}
        <button type="submit" disabled={signUp.isPending} className={buttonClass('primary', 'lg', 'w-full')}>
          {signUp.isPending ? t.registering : t.register}
        </button>
        <p className="text-center text-sm">
          {t.haveAccount}{' '}
          <Link to="/login" className="font-semibold text-flame-700 underline">
            {fr.account.signIn}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
