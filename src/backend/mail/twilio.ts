import type { MailConfig } from './config.js';
import { callProviderApi } from './http-api.js';
import { MailError, type SentMessage } from './types.js';

/** Twilio's Messages API; TWILIO_FROM is a sender number or a Messaging Service SID (MG…). */
export function createTwilioSender(config: MailConfig) {
  const { accountSid, authToken, from, apiUrl } = config.twilio!;
  const auth = Buffer.from(`${accountSid}:${authToken}`).toString('base64');
  const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  return async (to: string, text: string): Promise<SentMessage> => {
    const form = new URLSearchParams({ To: to, Body: text });
    form.set(/^MG[0-9a-f]{32}$/i.test(from) ? 'MessagingServiceSid' : 'From', from);
    const body = await callProviderApi(
      'twilio',
      url,
      {
        method: 'POST',
        headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      },
      config.timeoutMs,
    );
    if (typeof body.sid !== 'string') throw new MailError('twilio: answer has no message sid', 'twilio', true);
    return { id: body.sid, provider: 'twilio' };
  };
}
