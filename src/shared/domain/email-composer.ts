export type RecipientMode = 'all' | 'single';

export interface EmailDraft {
  subject: string;
  content: string;
  mode: RecipientMode;
  /** The customers' e-mails: everyone for 'all', the picked one(s) for 'single'. */
  recipients: readonly string[];
}

/** Why a draft cannot be sent; the admin's catalogue words it. */
export type EmailComposerProblem = 'fields_required' | 'no_recipient';

export type EmailComposerCheck =
  { ok: true; recipients: string[]; send: 'single' | 'bulk' } | { ok: false; code: EmailComposerProblem };

/**
 * Subject and content first, then at least one recipient. One recipient goes through
 * send-custom-email, more through send-bulk-email. Duplicates and blanks are dropped.
 */
export function validateEmailDraft(draft: EmailDraft): EmailComposerCheck {
  if (!draft.subject.trim() || !draft.content.trim()) return { ok: false, code: 'fields_required' };
  const recipients = [...new Set(draft.recipients.map((r) => r.trim()).filter(Boolean))];
  if (recipients.length === 0) return { ok: false, code: 'no_recipient' };
  return { ok: true, recipients, send: recipients.length === 1 ? 'single' : 'bulk' };
}
