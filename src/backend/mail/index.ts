import type { BackendContext } from '../context.js';
import { MailError, type Mailer } from './types.js';

export function createMailer(_ctx: BackendContext): Mailer {
  const fail = async (): Promise<never> => {
    throw new MailError('Mail not built yet', 'none', false);
  };
  return { emailProvider: 'none', smsProvider: 'none', sendEmail: fail, sendSms: fail };
}
