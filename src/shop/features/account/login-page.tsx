import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { validateLogin } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthForm, useAuthForm } from './auth-card.js';
import { CodeSignIn } from './code-sign-in.js';
import { fetchSession, useSignInMutation } from '../../lib/auth.js';

const t = fr.auth;

function explain(message: string | undefined): string {
  if (message === 'Invalid login credentials') return t.wrongCredentials;
  if (message === 'Email not confirmed') return t.emailNotConfirmed;
  return message || fr.common.somethingWrong;
}

/** Where the sign-in e-mail's link lands (`/login?par=code`, its session or its error in the address). */
const CODE_LINK_PARAM = 'par';

export default function LoginPage() {
  const [params] = useSearchParams();
  const fromCodeLink = params.get(CODE_LINK_PARAM) === 'code';
  const [byCode, setByCode] = useState(fromCodeLink);
  const [linkFailed, setLinkFailed] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (!fromCodeLink) return;
    let live = true;
    // supabase-js reads the link's session out of the address: signed in, the customer goes to the profile.
    fetchSession().then(
      (session) => {
        if (!live) return;
        if (session) navigate('/profil', { replace: true });
        else setLinkFailed(true);
      },
      () => live && setLinkFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fromCodeLink, navigate]);
  if (byCode) return <CodeSignIn onPassword={() => setByCode(false)} notice={linkFailed ? t.code.linkFailed : null} />;
  return <PasswordSignIn onCode={() => setByCode(true)} />;
}

function PasswordSignIn({ onCode }: { onCode(): void }) {
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
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={onCode} className="font-semibold text-flame-700 underline">
          {t.code.link}
        </button>
        <Link to="/mot-de-passe-oublie" className="font-semibold text-flame-700 underline">
          {t.forgot.link}
        </Link>
      </p>
    </AuthForm>
  );
}
