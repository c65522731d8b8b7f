import { useState, type FormEvent } from 'react';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { validateChallengeForm, type ChallengeErrors } from '../../../shared/domain/challenge-form.js';
import { refusalOf, useRegisterForChallengeMutation } from '../../lib/data.js';

const t = fr.challenge;

export function ChallengeForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<ChallengeErrors>({});
  const signUp = useRegisterForChallengeMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = validateChallengeForm({ name, email, phone, agreedToTerms: agreed });
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) return;
    signUp.mutate(
      { name, email, phone, agreedToTerms: agreed },
      {
        onSuccess: () => {
          toast({ title: t.successTitle, description: t.successText, variant: 'success' });
          setName('');
          setEmail('');
          setPhone('');
          setAgreed(false);
        },
        onError: (e) => {
          const refusal = refusalOf(e);
          toast({
            title: refusal?.title ?? t.errorTitle,
            description: refusal?.message ?? t.errorText,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.formTitle} className="space-y-4">
      <fieldset disabled={signUp.isPending} className="space-y-4">
        <TextField
          id="challenge-name"
          label={t.name}
          required
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          id="challenge-email"
          label={t.email}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          id="challenge-phone"
          label={`${t.phone} (${fr.common.optional})`}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <div>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              aria-invalid={errors.agreedToTerms ? true : undefined}
              aria-describedby={errors.agreedToTerms ? 'challenge-agree-error' : undefined}
              className="mt-0.5 size-5 accent-flame-600"
            />
            <span>{t.agree}</span>
          </label>
          {errors.agreedToTerms && (
            <p id="challenge-agree-error" className="mt-1 text-sm font-medium text-ember-600">
              {errors.agreedToTerms}
            </p>
          )}
        </div>
      </fieldset>
      <button type="submit" disabled={signUp.isPending} className={buttonClass('primary', 'lg', 'w-full')}>
        {signUp.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
