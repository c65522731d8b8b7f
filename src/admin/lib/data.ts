/**
 * The admin's door to the server is src/shared/data, as the shop's: its hooks take
 * `{ queryConfig }` / `{ mutationConfig }` for what a screen adds (polling, toasts).
 * Screens never call supabase-js, useQuery or useMutation themselves.
 */
export * from '../../shared/data/index.js';
