import type { MailConfig } from './config.js';
import { callProviderApi } from './http-api.js';
import { MailError, type EmailMessage, type SentMessage } from './types.js';

/** Resend's REST API (POST /emails), the usual choice from hosted Supabase. */
export function createResendSender(config: MailConfig) {
  const { apiKey, apiUrl } = config.resend!;
  return async (message: EmailMessage, to: string[]): Promise<SentMessage> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    if (message.idempotencyKey) headers['Idempotency-Key'] = message.idempotencyKey;
    const body = await callProviderApi(
      'resend',
      `${apiUrl}/emails`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          from: message.from ?? config.from,
          to,
          subject: message.subject,
          html: message.html,
          ...(message.text ? { text: message.text } : {}),
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        }),
      },
      config.timeoutMs,
    );
    if (typeof body.id !== 'string') throw new MailError('resend: answer has no message id', 'resend', true);
    return { id: body.id, provider: 'resend' };
  };
}
