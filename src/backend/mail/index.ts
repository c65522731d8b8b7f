import type { BackendContext } from '../context.js';
import { checkEmail, smsRecipient } from './checks.js';
import { mailConfigFromEnv } from './config.js';
import { saveToOutbox } from './outbox.js';
import { recipientOverLimit } from './recipient-limit.js';
import { createResendSender } from './resend.js';
import { createSmtpSender } from './smtp.js';
import { createTwilioSender } from './twilio.js';
import { InvalidMessageError, type EmailMessage, type Mailer, type SentMessage } from './types.js';

export { MailError } from './types.js';
export type { EmailMessage, Mailer, SentMessage, SmsMessage } from './types.js';

/**
 * The mailer chosen by MAIL_PROVIDER (outbox | smtp | resend) and SMS_PROVIDER (outbox | twilio).
 * Throws at startup when the chosen provider is not fully configured.
 */
export function createMailer(ctx: BackendContext): Mailer {
  const config = mailConfigFromEnv(ctx.config.env);
  const { emailProvider, smsProvider } = config;

  let deliverEmail: (message: EmailMessage, to: string[]) => Promise<SentMessage>;
  if (emailProvider === 'smtp') deliverEmail = createSmtpSender(config);
  else if (emailProvider === 'resend') deliverEmail = createResendSender(config);
  else {
    deliverEmail = async (message, to) => ({
      provider: 'outbox',
      id: await saveToOutbox(ctx.db, {
        kind: 'email',
        recipients: to,
        subject: message.subject,
        html: message.html,
        body: message.text ?? null,
        sender: message.from ?? config.from,
        idempotencyKey: message.idempotencyKey,
      }),
    });
  }

  let deliverSms: (to: string, body: string, idempotencyKey?: string) => Promise<SentMessage>;
  if (smsProvider === 'twilio') deliverSms = createTwilioSender(config);
  else {
    deliverSms = async (to, body, idempotencyKey) => ({
      provider: 'outbox',
      id: await saveToOutbox(ctx.db, {
        kind: 'sms',
        recipients: [to],
        subject: null,
        html: null,
        body,
        sender: ctx.config.env.TWILIO_FROM ?? null,
        idempotencyKey,
      }),
    });
  }

  return {
    emailProvider,
    smsProvider,
    async sendEmail(message) {
      return deliverEmail(message, checkEmail(message, emailProvider));
    },
    async sendSms(message) {
      const to = smsRecipient(message.to, message.body, smsProvider, config.smsDefaultCountryCode);
      // Every SMS to one number counts, whoever sends it (recipient-limit.ts); over the limit it is not sent.
      if (await recipientOverLimit(ctx.db, 'sms', to))
        throw new InvalidMessageError('not sent: too many messages to this number (rate limit)', smsProvider);
      return { ...(await deliverSms(to, message.body, message.idempotencyKey)), to };
    },
  };
}
