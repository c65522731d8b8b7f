import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';

/**
 * What a caller may add to a data hook, in bulletproof-react's shape: everything of useQuery /
 * useMutation except what the hook owns (the key and the function that reaches the server).
 * A mutation hook runs its own onSuccess (cache updates) before the caller's.
 */
export type QueryConfig<TData> = Omit<UseQueryOptions<TData, Error, TData, readonly unknown[]>, 'queryKey' | 'queryFn'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function to its awaited result
export type MutationConfig<TFn extends (variables: any) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFn>>, Error, Parameters<TFn>[0]>,
  'mutationFn'
>;
