import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';

/**
 * What a caller may add to a data hook, in bulletproof-react's shape: everything of useQuery /
 * useMutation except what the hook owns (the key and the function that reaches the server).
 * A mutation hook runs its own onSuccess (cache updates) before the caller's.
 */
export type QueryConfig<TData> = Omit<UseQueryOptions<TData, Error, TData, readonly unknown[]>, 'queryKey' | 'queryFn'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function to its awaited result
type ServerCall = (variables: any) => Promise<unknown>;

export type MutationConfig<TFn extends ServerCall> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFn>>, Error, Parameters<TFn>[0]>,
  'mutationFn'
>;

/** A data hook's last argument. */
export interface QueryOptions<TData> {
  queryConfig?: QueryConfig<TData>;
}
export interface MutationOptions<TFn extends ServerCall> {
  mutationConfig?: MutationConfig<TFn>;
}

/** The body of a query hook: the caller's config under the hook's key and server call. */
export function useServerQuery<TData>(
  queryKey: readonly unknown[],
  queryFn: () => Promise<TData>,
  { queryConfig = {} }: QueryOptions<TData> = {},
) {
  return useQuery({ ...queryConfig, queryKey, queryFn });
}

/** What a mutation hook does to the cache on success, before the caller's onSuccess runs. */
export interface CacheWork<TFn extends ServerCall> {
  /** Written into the cache first (a row replaced or removed at once). */
  update?: (qc: QueryClient, data: Awaited<ReturnType<TFn>>) => void;
  /** Then every query under these keys refetches. */
  invalidate?: readonly (readonly unknown[])[];
}

/** The body of a mutation hook: `mutationFn` with the caller's config, the hook's cache work before the caller's onSuccess. */
export function useServerMutation<TFn extends ServerCall>(
  mutationFn: TFn,
  { mutationConfig: { onSuccess, ...config } = {} }: MutationOptions<TFn> = {},
  { update, invalidate = [] }: CacheWork<TFn> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: mutationFn as (variables: Parameters<TFn>[0]) => Promise<Awaited<ReturnType<TFn>>>,
    onSuccess: (data, ...rest) => {
      update?.(qc, data);
      for (const queryKey of invalidate) void qc.invalidateQueries({ queryKey });
      return onSuccess?.(data, ...rest);
    },
  });
}
