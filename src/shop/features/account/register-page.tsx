import { useNavigate } from 'react-router-dom';
import { validateRegistration } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthForm, useAuthForm } from './auth-card.js';
import { useSignUpMutation } from '../../lib/auth.js';

const t = fr.auth;

export default function RegisterPage() {
  const signUp = useSignUpMutation();
  const navigate = useNavigate();
  const { field, error, submit } = useAuthForm(
    'register',
    { email: '', password: '', confirmPassword: '' },
    validateRegistration,
    // The confirmation e-mail brings the customer back to the shop's login page.
    (form) =>
      signUp.mutate(
        { ...form, emailRedirectTo: `${window.location.origin}/login` },
        {
          onSuccess: () => {
            toast({ title: t.signUpSuccessTitle, description: t.signUpSuccessText, variant: 'success' });
            navigate('/');
          },
          onError: () => toast({ title: t.signUpFailed, description: t.signUpFailedText, variant: 'destructive' }),
        },
      ),
  );

  return (
    <AuthForm kind="register" pending={signUp.isPending} error={error} onSubmit={submit}>
      <TextField label={t.email} type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label={t.password}
        type="password"
        autoComplete="new-password"
        required
        hint={t.passwordHint}
        {...field('password')}
      />
      <TextField
        label={t.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
        id="register-confirm"
      />
    </AuthForm>
  );
}
