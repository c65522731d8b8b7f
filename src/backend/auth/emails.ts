import crypto from 'node:crypto';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { recipientOverLimit } from '../mail/recipient-limit.js';

/** How long an e-mailed link stays valid (GoTrue's default mailer OTP expiry: one day). */
export const EMAIL_LINK_TTL_SECONDS = 24 * 3600;

export type LinkType = 'signup' | 'recovery' | 'email_change' | 'email_change_current';

/** The link token travels in the e-mail; only its SHA-256 is stored, so a database leak opens no account. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('hex');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a link token. A password reset replaces the previous one (one live reset link). Confirmation
 * links are added beside the earlier ones: whoever asks again for an unconfirmed address (a second
 * sign-up, a resend) must not make the link already in the owner's inbox fail. `keepsPassword: false`
 * marks the link of a sign-up that came with another password: it confirms the address without any
 * password (see verify.ts), so nobody's password but the first sign-up's is ever confirmed by a link.
 */
export async function storeOneTimeToken(
  tx: Queryable,
  userId: string,
  type: 'confirmation' | 'recovery',
  hash: string,
  keepsPassword = true,
): Promise<void> {
  if (type === 'recovery')
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
  else await tx.query(`delete from auth.one_time_tokens where user_id = $1 and expires_at <= now()`, [userId]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at, keeps_password)
     values ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [userId, type, hash, EMAIL_LINK_TTL_SECONDS, keepsPassword],
  );
}

function verifyLink(ctx: BackendContext, token: string, type: LinkType | 'magiclink', redirectTo: string): string {
  const q = new URLSearchParams({
    token,
    type: type === 'email_change_current' ? 'email_change' : type,
    redirect_to: redirectTo,
  });
  return `${ctx.publicUrl}/auth/v1/verify?${q.toString()}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TEMPLATES: Record<LinkType, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirmez votre inscription',
    intro:
      'Merci pour votre inscription ! Cliquez sur le lien ci-dessous pour confirmer votre adresse e-mail et activer votre compte.',
    action: 'Confirmer mon adresse e-mail',
  },
  recovery: {
    subject: 'Réinitialisez votre mot de passe',
    intro:
      'Vous avez demandé à réinitialiser votre mot de passe. Cliquez sur le lien ci-dessous pour en choisir un nouveau.',
    action: 'Choisir un nouveau mot de passe',
  },
  email_change: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro:
      'Vous avez demandé à changer l’adresse e-mail de votre compte. Cliquez sur le lien ci-dessous pour confirmer cette nouvelle adresse.',
    action: 'Confirmer ma nouvelle adresse',
  },
  email_change_current: {
    subject: 'Confirmez le changement de votre adresse e-mail',
    intro:
      'Vous avez demandé à remplacer l’adresse e-mail de votre compte par une nouvelle. Cliquez sur le lien ci-dessous pour l’accepter depuis cette adresse ; la nouvelle devra être confirmée elle aussi.',
    action: 'Accepter le changement d’adresse',
  },
};

/**
 * Whether an account e-mail to this inbox may go: it counts with every other message to the same inbox
 * (order and reservation e-mails included, Gmail's dots and +tags folded: mail/recipient-limit.ts). Over
 * the limit nothing is sent, the request answers as if it had been (so nobody learns about the account
 * or the limit), and the log says so.
 */
async function mayMail(ctx: BackendContext, to: string, what: string): Promise<boolean> {
  if (!(await recipientOverLimit(ctx.db, 'email', to))) return true;
  console.warn(`[auth] ${what} e-mail not sent: too many messages to this inbox within the hour (rate limit)`);
  return false;
}

/** The reauthentication code (a password change from a session that is not fresh needs it). */
export async function sendReauthenticationEmail(ctx: BackendContext, to: string, nonce: string): Promise<void> {
  if (!(await mayMail(ctx, to, 'reauthentication'))) return;
  const subject = 'Votre code de confirmation';
  const intro = 'Pour changer le mot de passe de votre compte, saisissez ce code :';
  const ignore =
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail et changez votre mot de passe. Ce code est valable 1 heure.';
  await ctx.mailer.sendEmail({
    to,
    subject,
    html: `<h2>${subject}</h2><p>Bonjour,</p><p>${intro}</p><p style="font-size:24px;letter-spacing:4px"><b>${nonce}</b></p><p>${ignore}</p>`,
    text: `Bonjour,\n\n${intro} ${nonce}\n\n${ignore}\n`,
  });
}

/** Sends one of the account e-mails; the mailer throws when delivery fails, and so does this. */
export async function sendAccountEmail(
  ctx: BackendContext,
  to: string,
  type: LinkType,
  token: string,
  redirectTo: string,
): Promise<void> {
  if (!(await mayMail(ctx, to, type))) return;
  const t = TEMPLATES[type];
  const link = verifyLink(ctx, token, type, redirectTo);
  const ignore =
    'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail. Ce lien est valable 24 heures.';
  await ctx.mailer.sendEmail({
    to,
    subject: t.subject,
    html:
      `<h2>${t.subject}</h2><p>Bonjour,</p><p>${t.intro}</p>` +
      `<p><a href="${escapeHtml(link)}">${t.action}</a></p><p>${ignore}</p>`,
    text: `Bonjour,\n\n${t.intro}\n\n${link}\n\n${ignore}\n`,
  });
}

/**
 * The sign-in code (6 digits) and the sign-in link of `POST /otp`, in one message: the customer types the
 * code on the page that asked for it, or follows the link (on the phone that reads the mail, say).
 */
export async function sendSignInCodeEmail(
  ctx: BackendContext,
  to: string,
  code: string,
  linkToken: string,
  redirectTo: string,
  validMinutes: number,
): Promise<void> {
  if (!(await mayMail(ctx, to, 'sign-in code'))) return;
  const subject = `Votre code de connexion : ${code}`;
  const intro = 'Pour vous connecter à votre compte, saisissez ce code sur la page de connexion :';
  const or = 'Vous pouvez aussi vous connecter directement avec ce lien :';
  const validity =
    validMinutes % 60 === 0 ? `${validMinutes / 60} heure${validMinutes > 60 ? 's' : ''}` : `${validMinutes} minutes`;
  const ignore = `Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail. Ce code et ce lien sont valables ${validity}, une seule fois.`;
  const link = verifyLink(ctx, linkToken, 'magiclink', redirectTo);
  await ctx.mailer.sendEmail({
    to,
    subject,
    html:
      `<h2>Votre code de connexion</h2><p>Bonjour,</p><p>${intro}</p>` +
      `<p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p>` +
      `<p>${or}</p><p><a href="${escapeHtml(link)}">Me connecter</a></p><p>${ignore}</p>`,
    text: `Bonjour,\n\n${intro} ${code}\n\n${or}\n${link}\n\n${ignore}\n`,
  });
}
