export interface EmailMessage {
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
  from?: string;
  replyTo?: string;
  /** A retry with the same key must not deliver the message twice (providers that support it). */
  idempotencyKey?: string;
  /** Extra headers, only those of LIST_HEADERS (the promotions' unsubscribe): checked by checkEmail. */
  headers?: Record<string, string>;
}

/** The headers a message may carry besides the usual ones: RFC 2369 / RFC 8058 unsubscribe. */
export const LIST_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;

export interface SmsMessage {
  /** Any phone number a customer typed; providers receive it normalised to E.164. */
  to: string;
  body: string;
  idempotencyKey?: string;
}

export interface SentMessage {
  /** Provider's message id (or the outbox row id). */
  id: string;
  provider: string;
}

/**
 * Delivers e-mail and SMS through the provider chosen by the environment.
 * Failures are thrown (MailError), never swallowed.
 */
export interface Mailer {
  readonly emailProvider: string;
  readonly smsProvider: string;
  sendEmail(message: EmailMessage): Promise<SentMessage>;
  sendSms(message: SmsMessage): Promise<SentMessage & { to: string }>;
}

export class MailError extends Error {
  constructor(
    message: string,
    readonly provider: string,
    readonly retryable = true,
  ) {
    super(message);
  }
}

/** The message itself is wrong (no recipient, bad address or phone number): retrying cannot help. */
export class InvalidMessageError extends MailError {
  constructor(message: string, provider: string) {
    super(message, provider, false);
  }
}
