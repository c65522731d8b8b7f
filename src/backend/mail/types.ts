export interface EmailMessage {
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
  from?: string;
  replyTo?: string;
  /** A retry with the same key must not deliver the message twice (providers that support it). */
  idempotencyKey?: string;
}

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
