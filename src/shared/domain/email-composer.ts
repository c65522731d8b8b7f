import type { Refusal } from './refusal.js';

export type RecipientMode = 'all' | 'single';

export interface EmailDraft {
  subject: string;
  content: string;
  mode: RecipientMode;
  /** The customers' e-mails: everyone for 'all', the picked one(s) for 'single'. */
  recipients: readonly string[];
}

export const EMAIL_COMPOSER_REFUSALS = {
  fields_required: {
    code: 'fields_required',
    title: 'Champs requis',
    message: "Veuillez saisir un sujet et un contenu pour l'e-mail.",
  },
  no_recipient: {
    code: 'no_recipient',
    title: 'Aucun destinataire',
    message: 'Veuillez sélectionner au moins un destinataire.',
  },
} as const satisfies Record<string, Refusal>;

export type EmailComposerCheck =
  | { ok: true; recipients: string[]; send: 'single' | 'bulk' }
  | ({ ok: false } & Refusal<keyof typeof EMAIL_COMPOSER_REFUSALS>);

/**
 * Subject and content first, then at least one recipient. One recipient goes through
 * send-custom-email, more through send-bulk-email. Duplicates and blanks are dropped.
 */
export function validateEmailDraft(draft: EmailDraft): EmailComposerCheck {
  if (!draft.subject.trim() || !draft.content.trim()) return { ok: false, ...EMAIL_COMPOSER_REFUSALS.fields_required };
  const recipients = [...new Set(draft.recipients.map((r) => r.trim()).filter(Boolean))];
  if (recipients.length === 0) return { ok: false, ...EMAIL_COMPOSER_REFUSALS.no_recipient };
  return { ok: true, recipients, send: recipients.length === 1 ? 'single' : 'bulk' };
}

/** 'Le message a été envoyé à 3 destinataire(s).' */
export function emailSentMessage(count: number): string {
  return `Le message a été envoyé à ${count} destinataire(s).`;
}
