import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { fieldBinder } from '../../components/ui/field.js';
import { fr } from '../../i18n/fr.js';
import type { AccountFormProblem } from '../../../shared/domain/account-forms.js';

/** Where each account form sends a visitor who wants the other one. */
const other = {
  login: { to: '/register', link: fr.account.signUp },
  register: { to: '/login', link: fr.account.signIn },
  forgot: { to: '/login', link: fr.account.signIn },
  reset: { to: '/mot-de-passe-oublie', link: fr.auth.reset.askAgain },
} as const;

export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <section className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-charcoal-950 px-4 pt-24 pb-16">
      <img src="/images/hero-grill.webp" alt="" className="absolute inset-0 -z-10 size-full object-cover opacity-30" />
      <div className="w-full max-w-md rounded-3xl bg-cream-50 p-6 shadow-2xl md:p-8">
        <h1 className="text-3xl font-bold uppercase">{title}</h1>
        <p className="mt-1 mb-6 text-charcoal-700">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/**
 * The sign-in and sign-up forms: their fields (locked while the form is sent), the error the form found,
 * the submit button and the link to the other form.
 */
export function AuthForm({
  kind,
  pending,
  error,
  onSubmit,
  children,
}: {
  kind: keyof typeof other;
  pending: boolean;
  error: string | null;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}) {
  const t = fr.auth[kind];
  return (
    <AuthCard title={t.title} lead={t.lead}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t.title}>
        <fieldset disabled={pending} className="space-y-4">
          {children}
        </fieldset>
        {error && (
          <p role="alert" className="text-sm font-semibold text-ember-600">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending} className={buttonClass('primary', 'lg', 'w-full')}>
          {pending ? t.submitting : t.submit}
        </button>
        <p className="text-center text-sm">
          {t.other}{' '}
          <Link to={other[kind].to} className="font-semibold text-flame-700 underline">
            {other[kind].link}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

/**
 * An account form's state: its values bound to the fields (ids `${kind}-…`), the error the form shows, and a
 * submit that checks the values first and sends them only when `validate` finds no problem.
 */
export function useAuthForm<F extends Record<string, string>>(
  kind: keyof typeof other,
  initial: F,
  validate: (form: F) => AccountFormProblem | null,
  send: (form: F) => void,
) {
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const field = fieldBinder(kind, form, (patch) => setForm((f) => ({ ...f, ...patch })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validate(form);
    setError(problem && fr.auth.formProblems[problem]);
    if (!problem) send(form);
  };
  return { field, error, setError, submit };
}
