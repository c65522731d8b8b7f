import { useState } from 'react';
import { validateResetRequest } from '../../../shared/domain/account-forms.js';
import { fr } from '../../i18n/fr.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { AuthCard, AuthForm, useAuthForm } from './auth-card.js';
import { useRequestPasswordResetMutation } from '../../lib/auth.js';

const t = fr.auth.forgot;

/**
 * « Mot de passe oublié ? »: e-mails a link to choose a new password. The answer is the same whether or not the
 * address has an account, so the page tells no one who is a customer.
 */
export default function ForgotPasswordPage() {
  const request = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, error, setError, submit } = useAuthForm('forgot', { email: '' }, validateResetRequest, (form) =>
    request.mutate(
      { email: form.email, redirectTo: `${window.location.origin}/nouveau-mot-de-passe` },
      {
        onSuccess: () => setSentTo(form.email.trim()),
        onError: () => {
          setError(t.failed);
          toast({ title: t.failedTitle, description: t.failed, variant: 'destructive' });
        },
      },
    ),
  );

  if (sentTo)
    return (
      <AuthCard title={t.sentTitle} lead={t.sent(sentTo)}>
        <p role="status" className="text-sm text-charcoal-700">
          {t.sentHint}
        </p>
      </AuthCard>
    );
  return (
    <AuthForm kind="forgot" pending={request.isPending} error={error} onSubmit={submit}>
      <TextField label={fr.auth.email} type="email" autoComplete="email" required {...field('email')} />
    </AuthForm>
  );
}
