import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { validateNewPassword } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthCard, AuthForm, useAuthForm } from './auth-card.js';
import { fetchSession, useUpdatePasswordMutation } from '../../lib/auth.js';

const t = fr.auth.reset;

/**
 * Where the e-mail's « Choisir un nouveau mot de passe » link lands: the link signs the customer in (its session
 * in the address, read by supabase-js), and this page sets the new password. A used or expired link brings no
 * session: the page says so and offers a new link.
 */
export default function ResetPasswordPage() {
  const [link, setLink] = useState<'checking' | 'valid' | 'invalid'>('checking');
  const update = useUpdatePasswordMutation();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    fetchSession().then(
      (session) => live && setLink(session ? 'valid' : 'invalid'),
      () => live && setLink('invalid'),
    );
    return () => {
      live = false;
    };
  }, []);
  const { field, error, setError, submit } = useAuthForm(
    'reset',
    { password: '', confirmPassword: '' },
    validateNewPassword,
    (form) =>
      update.mutate(form.password, {
        onSuccess: () => {
          toast({ title: t.doneTitle, description: t.done, variant: 'success' });
          navigate('/profil');
        },
        onError: () => setError(t.failed),
      }),
  );

  if (link === 'checking')
    return (
      <AuthCard title={t.title} lead={t.checking}>
        <Spinner />
      </AuthCard>
    );
  if (link === 'invalid')
    return (
      <AuthCard title={t.invalidTitle} lead={t.invalid}>
        <Link to="/mot-de-passe-oublie" className={buttonClass('primary', 'lg', 'w-full')}>
          {t.askAgain}
        </Link>
      </AuthCard>
    );
  return (
    <AuthForm kind="reset" pending={update.isPending} error={error} onSubmit={submit}>
      <TextField
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        required
        hint={fr.auth.passwordHint}
        {...field('password')}
      />
      <TextField
        label={fr.auth.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
    </AuthForm>
  );
}
