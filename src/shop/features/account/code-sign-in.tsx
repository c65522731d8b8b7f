import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { validateResetRequest } from '../../../shared/domain/account-forms.js';
import { buttonClass } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { fr } from '../../i18n/fr.js';
import { useRequestSignInCodeMutation, useSignInWithCodeMutation } from '../../lib/auth.js';
import { AuthCard } from './auth-card.js';

const t = fr.auth.code;

const codeOf = (err: unknown) => (err as { code?: string } | null)?.code;

/**
 * « Recevoir un code par e-mail »: the e-mail, then the 6-digit code it brings; the e-mail's link signs in too
 * (it lands on `/login?par=code`, which opens the profile). An address without an account gets one, so the page answers the same for
 * everyone and tells no one who is a customer.
 */
export function CodeSignIn({ onPassword, notice }: { onPassword(): void; notice?: string | null }) {
  const navigate = useNavigate();
  const request = useRequestSignInCodeMutation();
  const verify = useSignInWithCodeMutation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const ask = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateResetRequest({ email });
    setError(problem && fr.auth.formProblems[problem]);
    if (problem) return;
    request.mutate(
      { email, emailRedirectTo: `${window.location.origin}/login?par=code` },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          setCode('');
        },
        onError: (err) => setError(codeOf(err) === 'over_email_send_rate_limit' ? t.tooSoon : t.sendFailed),
      },
    );
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(t.codeRequired);
      return;
    }
    setError(null);
    verify.mutate(
      { email: sentTo!, code },
      {
        onSuccess: () => {
          toast({ title: fr.auth.loginSuccessTitle, description: fr.auth.loginSuccessText, variant: 'success' });
          navigate('/profil');
        },
        onError: (err) => setError(codeOf(err) === 'over_request_rate_limit' ? t.tooMany : t.wrongCode),
      },
    );
  };

  const shown = error ?? (sentTo ? null : (notice ?? null));
  const errorLine = shown && (
    <p role="alert" className="text-sm font-semibold text-ember-600">
      {shown}
    </p>
  );
  const linkClass = 'font-semibold text-flame-700 underline';

  if (sentTo)
    return (
      <AuthCard title={t.enterTitle} lead={t.enterLead(sentTo)}>
        <form onSubmit={check} noValidate className="space-y-4" aria-label={t.enterTitle}>
          <fieldset disabled={verify.isPending} className="space-y-4">
            <TextField
              id="code-sign-in-code"
              label={t.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              hint={t.codeHint}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </fieldset>
          {errorLine}
          <button type="submit" disabled={verify.isPending} className={buttonClass('primary', 'lg', 'w-full')}>
            {verify.isPending ? t.submitting : t.submit}
          </button>
          <p className="text-center text-sm">
            <button
              type="button"
              className={linkClass}
              onClick={() => {
                setSentTo(null);
                setError(null);
              }}
            >
              {t.sendAgain}
            </button>
          </p>
        </form>
      </AuthCard>
    );

  return (
    <AuthCard title={t.askTitle} lead={t.askLead}>
      <form onSubmit={ask} noValidate className="space-y-4" aria-label={t.askTitle}>
        <fieldset disabled={request.isPending} className="space-y-4">
          <TextField
            id="code-sign-in-email"
            label={fr.auth.email}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </fieldset>
        {errorLine}
        <button type="submit" disabled={request.isPending} className={buttonClass('primary', 'lg', 'w-full')}>
          {request.isPending ? t.asking : t.ask}
        </button>
        <p className="text-center text-sm">
          <button type="button" className={linkClass} onClick={onPassword}>
            {t.withPassword}
          </button>
        </p>
      </form>
    </AuthCard>
  );
}
