import { customerSchema, type Customer } from '../domain/customer.js';
import { invokeFunction } from './functions.js';
import { queryKeys } from './query-keys.js';
import { useServerQuery, type QueryOptions } from './react-query.js';

/** Admin: registered customers from the get-users function; users without an e-mail are left out. */
export async function fetchCustomers(): Promise<Customer[]> {
  const data = await invokeFunction<{ users?: { email?: string | null }[] }>('get-users');
  return (data?.users ?? []).filter((u) => !!u.email).map((u) => customerSchema.parse(u));
}

export const useCustomersQuery = (options?: QueryOptions<Customer[]>) =>
  useServerQuery(queryKeys.customers, fetchCustomers, options);
