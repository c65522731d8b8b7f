import tls from 'node:tls';
import nodemailer from 'nodemailer';
import type { MailConfig } from './config.js';
import { MailError, type EmailMessage, type SentMessage } from './types.js';

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'ETLS']);

interface SmtpFailure extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** 4xx SMTP replies and lost connections are temporary; 5xx replies and bad credentials are not. */
function toMailError(e: SmtpFailure, host: string): MailError {
  if (e.code === 'EAUTH')
    return new MailError(`smtp: ${host} refused the login: ${e.response ?? e.message}`, 'smtp', false);
  if (e.responseCode) {
    return new MailError(
      `smtp: ${host} rejected the message: ${e.response ?? e.message}`,
      'smtp',
      e.responseCode < 500,
    );
  }
  const retryable = CONNECTION_CODES.has(e.code ?? '');
  return new MailError(`smtp: cannot deliver through ${host} (${e.code ?? 'error'}: ${e.message})`, 'smtp', retryable);
}

export function createSmtpSender(config: MailConfig) {
  const s = config.smtp!;
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: s.user ? { user: s.user, pass: s.pass ?? '' } : undefined,
    // `ca` replaces Node's list: keep the public roots next to the private CA.
    tls: s.ca ? { ca: [...tls.rootCertificates, s.ca] } : undefined,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  });
  return async (message: EmailMessage, to: string[]): Promise<SentMessage> => {
    try {
      const info = await transport.sendMail({
        from: message.from ?? config.from,
        to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        replyTo: message.replyTo,
        headers:
          message.idempotencyKey || message.headers
            ? {
                ...message.headers,
                ...(message.idempotencyKey ? { 'X-Idempotency-Key': message.idempotencyKey } : {}),
              }
            : undefined,
      });
      if (info.rejected.length > 0) {
        throw new MailError(`smtp: ${s.host} rejected ${info.rejected.join(', ')}`, 'smtp', false);
      }
      return { id: info.messageId, provider: 'smtp' };
    } catch (e) {
      if (e instanceof MailError) throw e;
      throw toMailError(e as SmtpFailure, `${s.host}:${s.port}`);
    }
  };
}
