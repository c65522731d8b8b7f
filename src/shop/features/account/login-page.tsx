import { Link, useNavigate } from 'react-router-dom';
import { validateLogin } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthForm, useAuthForm } from './auth-card.js';
import { useSignInMutation } from '../../lib/auth.js';

const t = fr.auth;

function explain(message: string | undefined): string {
  if (message === 'Invalid login credentials') return t.wrongCredentials;
  if (message === 'Email not confirmed') return t.emailNotConfirmed;
  return message || fr.common.somethingWrong;
}

export default function LoginPage() {
  const signIn = useSignInMutation();
  const navigate = useNavigate();
  const { field, error, setError, submit } = useAuthForm('login', { email: '', password: '' }, validateLogin, (form) =>
    signIn.mutate(form, {
      onSuccess: () => {
        toast({ title: t.loginSuccessTitle, description: t.loginSuccessText, variant: 'success' });
        navigate('/profil');
      },
      onError: (err) => {
        setError(explain(err.message));
        toast({ title: t.signInFailed, description: explain(err.message), variant: 'destructive' });
      },
    }),
  );

  return (
    <AuthForm kind="login" pending={signIn.isPending} error={error} onSubmit={submit}>
      <TextField label={t.email} type="email" autoComplete="email" required {...field('email')} />
      <TextField label={t.password} type="password" autoComplete="current-password" required {...field('password')} />
      <p className="text-right text-sm">
        <Link to="/mot-de-passe-oublie" className="font-semibold text-flame-700 underline">
          {t.forgot.link}
        </Link>
      </p>
    </AuthForm>
  );
}
