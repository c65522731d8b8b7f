import { describe, expect, it } from 'vitest';
import {
  validateLogin,
  validateRegistration,
  type AccountFormProblem,
} from '../../../src/shared/domain/account-forms.js';
import { fr } from '../../../src/shop/i18n/fr.js';
import { validateChallengeForm } from '../../../src/shared/domain/challenge-form.js';
import { validateEmailDraft } from '../../../src/shared/domain/email-composer.js';
import { validateReservation } from '../../../src/shared/domain/reservation-form.js';
import { trackingSearchTerm } from '../../../src/shared/domain/tracking-search.js';

/** A form's problem as the shop shows it. */
const say = (problem: AccountFormProblem | null) => problem && fr.auth.formProblems[problem];

describe('reservation form', () => {
  const now = new Date('2026-11-23T16:30:00Z'); // 17:30 on Monday 23 in Luxembourg
  const form = {
    name: ' Ana ',
    email: 'ana@example.lu',
    phone: '621 123 456',
    date: '2026-11-23',
    time: '19:30',
    people: '4',
    message: '',
  };

  it('accepts a complete form for today and builds the row', () => {
    expect(validateReservation(form, now)).toEqual({
      ok: true,
      reservation: {
        name: 'Ana',
        email: 'ana@example.lu',
        phone: '+352621123456',
        reservation_date: '2026-11-23',
        reservation_time: '19:30',
        people: '4',
        message: null,
        status: 'En attente',
      },
    });
    expect(validateReservation({ ...form, people: '10+', message: ' Anniversaire ' }, now)).toMatchObject({
      ok: true,
      reservation: { people: '10+', message: 'Anniversaire' },
    });
  });

  it('requires every field but the message', () => {
    for (const field of ['name', 'email', 'phone', 'date', 'time', 'people'] as const) {
      expect(validateReservation({ ...form, [field]: ' ' }, now)).toMatchObject({
        ok: false,
        field,
        code: 'missing_fields',
        message: 'Veuillez remplir tous les champs obligatoires.',
      });
    }
  });

  it('refuses a time already past today, on the Luxembourg clock (07:00 booked at 10:06)', () => {
    const at1006 = new Date('2026-11-23T09:06:00Z');
    expect(validateReservation({ ...form, time: '07:00' }, at1006)).toMatchObject({
      ok: false,
      field: 'time',
      code: 'time_in_past',
      message: 'Cette heure est déjà passée : veuillez choisir une heure à venir.',
    });
    expect(validateReservation({ ...form, time: '10:06' }, at1006)).toMatchObject({ code: 'time_in_past' });
    expect(validateReservation({ ...form, time: '10:07' }, at1006).ok).toBe(true);
    expect(validateReservation({ ...form, date: '2026-11-24', time: '07:00' }, at1006).ok).toBe(true);
  });

  it('refuses a past date (on the Luxembourg calendar), a bad e-mail, time or party size', () => {
    expect(validateReservation({ ...form, date: '2026-11-22' }, now)).toMatchObject({
      ok: false,
      code: 'date_in_past',
      field: 'date',
    });
    expect(validateReservation({ ...form, date: '2026-11-31' }, now)).toMatchObject({
      ok: false,
      code: 'invalid_date',
    });
    expect(validateReservation({ ...form, email: 'ana' }, now)).toMatchObject({ ok: false, code: 'invalid_email' });
    expect(validateReservation({ ...form, time: '7pm' }, now)).toMatchObject({ ok: false, code: 'invalid_time' });
    expect(validateReservation({ ...form, people: '11' }, now)).toMatchObject({ ok: false, code: 'invalid_people' });
    expect(validateReservation({ ...form, people: '0' }, now)).toMatchObject({ ok: false, code: 'invalid_people' });
  });
});

describe('challenge form', () => {
  it('reports every problem with the spec messages', () => {
    expect(validateChallengeForm({ name: ' ', email: 'a@b', agreedToTerms: false })).toEqual({
      ok: false,
      errors: {
        name: 'Veuillez entrer votre nom.',
        email: 'Veuillez entrer une adresse e-mail valide.',
        agreedToTerms: 'Vous devez accepter les termes du contrat.',
      },
    });
  });

  it('accepts without a phone', () => {
    expect(validateChallengeForm({ name: 'Rui', email: 'rui@mail.pt', phone: ' ', agreedToTerms: true })).toEqual({
      ok: true,
      registration: { name: 'Rui', email: 'rui@mail.pt', phone: null, agreed_to_terms: true },
    });
  });
});

describe('account forms', () => {
  it('check sign-up passwords', () => {
    expect(validateRegistration({ email: 'a@b.lu', password: '123456', confirmPassword: '123456' })).toBeNull();
    expect(say(validateRegistration({ email: 'a@b.lu', password: '12345', confirmPassword: '12345' }))).toBe(
      'Le mot de passe doit contenir au moins 6 caractères.',
    );
    expect(say(validateRegistration({ email: 'a@b.lu', password: '123456', confirmPassword: '123457' }))).toBe(
      'Les mots de passe ne correspondent pas.',
    );
    expect(say(validateRegistration({ email: 'ab.lu', password: '123456', confirmPassword: '123456' }))).toBe(
      'Veuillez entrer une adresse e-mail valide.',
    );
  });

  it('require both login fields', () => {
    expect(validateLogin({ email: 'a@b.lu', password: 'x' })).toBeNull();
    expect(say(validateLogin({ email: ' ', password: 'x' }))).toBe(
      'Veuillez saisir votre e-mail et votre mot de passe.',
    );
    expect(validateLogin({ email: 'a@b.lu', password: '' })).toBe('credentials_required');
  });
});

describe('tracking search', () => {
  it('trims the term and refuses a blank one', () => {
    expect(trackingSearchTerm('  3f2a1b0c ')).toEqual({ ok: true, term: '3f2a1b0c' });
    expect(trackingSearchTerm('   ')).toEqual({
      ok: false,
      code: 'search_term_required',
      title: 'Terme de recherche requis',
      message: "Veuillez entrer l'ID de la commande ou le téléphone.",
    });
    expect(trackingSearchTerm(null).ok).toBe(false);
  });
});

describe('e-mail composer', () => {
  it('needs subject and content first', () => {
    expect(validateEmailDraft({ subject: ' ', content: 'x', mode: 'all', recipients: ['a@b.lu'] })).toEqual({
      ok: false,
      code: 'fields_required',
    });
  });

  it('needs a recipient when single is chosen with nothing selected', () => {
    expect(validateEmailDraft({ subject: 'Promo', content: '<p>-10%</p>', mode: 'single', recipients: [] })).toEqual({
      ok: false,
      code: 'no_recipient',
    });
  });

  it('sends one recipient singly and several in bulk, without duplicates', () => {
    expect(validateEmailDraft({ subject: 'Promo', content: 'x', mode: 'single', recipients: ['a@b.lu'] })).toEqual({
      ok: true,
      recipients: ['a@b.lu'],
      send: 'single',
    });
    expect(
      validateEmailDraft({
        subject: 'Promo',
        content: 'x',
        mode: 'all',
        recipients: ['a@b.lu', 'c@d.lu', 'a@b.lu', ''],
      }),
    ).toEqual({
      ok: true,
      recipients: ['a@b.lu', 'c@d.lu'],
      send: 'bulk',
    });
  });
});
