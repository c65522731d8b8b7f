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

export async function exportMyData(): Promise<AccountDataExport> {
  const { data, error } = await getSupabase().rpc('my_data_export');
  failIf(error);
  return data as AccountDataExport;
}

/**
 * Erases the account. The session on this device is ended first, while the auth server still knows the
 * user (afterwards it would answer the sign-out with 403); the erasure then runs with the access token,
 * which stays valid until it expires.
 */
export async function deleteMyAccount(): Promise<AccountDeletion> {
  const auth = getSupabase().auth;
  const { data: current } = await auth.getSession();
  if (!current.session) throw new DataError({ code: '42501', message: 'not signed in' });
  const token = current.session.access_token;
  await auth.signOut({ scope: 'local' });
  const { data, error } = await getSupabase().rpc('delete_my_account').setHeader('Authorization', `Bearer ${token}`);
  failIf(error);
  return data as AccountDeletion;
}

type MutationConfig<TData> = Omit<UseMutationOptions<TData, Error, void>, 'mutationFn'>;

export function useExportMyDataMutation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<AccountDataExport> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: exportMyData });
}

export function useDeleteMyAccountMutation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<AccountDeletion> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteMyAccount,
    onSuccess: (...args) => {
      qc.removeQueries({ queryKey: queryKeys.account.all });
      return onSuccess?.(...args);
    },
  });
}
