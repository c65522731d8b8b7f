import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { getSupabase } from './client.js';
import { DataError, failIf } from './errors.js';
import { queryKeys } from './query-keys.js';

/** What my_data_export() returns: everything the database holds about the signed-in customer. */
export interface AccountDataExport {
  exported_at: string;
  profile: {
    id: string;
    email: string;
    email_confirmed_at: string | null;
    created_at: string;
    last_sign_in_at: string | null;
    metadata: Record<string, unknown>;
  };
  addresses: { address: string; postal_code: string; city: string; last_used_at: string }[];
  orders: Record<string, unknown>[];
  reservations: Record<string, unknown>[];
  challenge_registrations: Record<string, unknown>[];
  messages: Record<string, unknown>[];
}

/** What delete_my_account() anonymised before it deleted the account. */
export interface AccountDeletion {
  deleted: true;
  orders: number;
  reservations: number;
  challenge_registrations: number;
}

/** delete_my_account()'s answer when the password (or code) given was not the account's: nothing was deleted. */
export interface AccountNotDeleted {
  deleted: false;
  reason: 'wrong_password';
}

export async function exportMyData(): Promise<AccountDataExport> {
  const { data, error } = await getSupabase().rpc('my_data_export');
  failIf(error);
  return data as AccountDataExport;
}

/**
 * Erases the account, once the customer typed their password again (the database checks it, and that the
 * session is still live, so it runs before any sign-out). Afterwards the auth server no longer knows the
 * user: a sign-out request would only earn a 403, so the session stored on this device is dropped first
 * and the sign-out then has nothing to send, it only tells the app (SIGNED_OUT).
 */
export async function deleteMyAccount(password: string): Promise<AccountDeletion | AccountNotDeleted> {
  const auth = getSupabase().auth;
  const { data: current } = await auth.getSession();
  if (!current.session) throw new DataError({ code: '42501', message: 'not signed in' });
  const { data, error } = await getSupabase().rpc('delete_my_account', { p_password: password });
  failIf(error);
  const result = data as AccountDeletion | AccountNotDeleted;
  if (result.deleted) {
    const { storageKey } = auth as unknown as { storageKey: string };
    for (const key of [storageKey, `${storageKey}-user`]) globalThis.localStorage?.removeItem(key);
    await auth.signOut({ scope: 'local' });
  }
  return result;
}

type MutationConfig<TData, TVariables = void> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

export function useExportMyDataMutation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<AccountDataExport> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: exportMyData });
}

export function useDeleteMyAccountMutation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<AccountDeletion | AccountNotDeleted, string> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteMyAccount,
    onSuccess: (...args) => {
      if (args[0].deleted) qc.removeQueries({ queryKey: queryKeys.account.all });
      return onSuccess?.(...args);
    },
  });
}
