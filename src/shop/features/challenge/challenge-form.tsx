import { useState, type FormEvent } from 'react';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { fieldBinder, TextField } from '../../components/ui/field.js';
import { toast, toastFailure } from '../../components/ui/toast-store.js';
import { validateChallengeForm, type ChallengeErrors } from '../../../shared/domain/challenge-form.js';
import { refusalOf, useRegisterForChallengeMutation } from '../../lib/data.js';
import { useHydrated } from '../../../shared/ui/render-clock.js';

const t = fr.challenge;
const empty = { name: '', email: '', phone: '' };

export function ChallengeForm() {
  // The page arrives prerendered: until React has taken it over, what is typed would be reset and a click would
  // send the form natively (its fields in the address), so the form waits for it.
  const hydrated = useHydrated();
  const [form, setForm] = useState(empty);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<ChallengeErrors>({});
  const signUp = useRegisterForChallengeMutation();
  const field = fieldBinder(
    'challenge',
    form,
    (patch) => setForm((f) => ({ ...f, ...patch })),
    (key) => errors[key],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = validateChallengeForm({ ...form, agreedToTerms: agreed });
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) return;
    signUp.mutate(
      { ...form, agreedToTerms: agreed },
      {
        onSuccess: () => {
          toast({ title: t.successTitle, description: t.successText, variant: 'success' });
          setForm(empty);
          setAgreed(false);
        },
        onError: (e) => toastFailure(refusalOf(e), t),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.formTitle} className="space-y-4">
      <fieldset disabled={!hydrated || signUp.isPending} className="space-y-4">
        <TextField label={t.name} required autoComplete="name" {...field('name')} />
        <TextField label={t.email} type="email" required autoComplete="email" {...field('email')} />
        <TextField label={t.phone} optional type="tel" autoComplete="tel" {...field('phone')} />
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
      <button type="submit" disabled={!hydrated || signUp.isPending} className={buttonClass('primary', 'lg', 'w-full')}>
        {signUp.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
