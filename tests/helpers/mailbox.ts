/** The dev mailbox answers only requests carrying its key (see src/backend/mail/mailbox.ts). */
export function mailboxHeaders(b: { mailboxSecret: string | null }): Record<string, string> {
  if (!b.mailboxSecret) throw new Error('the mailbox is off on this backend');
  return { 'X-Mailbox-Key': b.mailboxSecret };
}

/** fetch() on `/_mailbox<path>` with the mailbox key. */
export function mailboxFetch(
  b: { url: string; mailboxSecret: string | null },
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${b.url}/_mailbox${path}`, {
    ...init,
    headers: { ...mailboxHeaders(b), ...(init.headers as Record<string, string> | undefined) },
  });
}
