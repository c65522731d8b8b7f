/*
 * The back office's roles (issue 32). app_metadata.role, written only with the service role, says who a signed-in
 * person is: 'owner' (everything), 'manager' (everything but the staff accounts and the restaurant's legal identity),
 * 'staff' (the counter: today's orders, acceptance, statuses, printing, reservations). 'admin', the role of the
 * accounts made before there were roles, is the owner. The database decides with the same table
 * (public.staff_role() and public.staff_allowed() in supabase/migrations/20251121100000_helpers.sql); the Edge
 * Functions' copy is supabase/functions/_shared/staff-roles.ts (tests/unit/fn-shared.test.ts keeps them equal).
 */

export const STAFF_ROLES = ['staff', 'manager', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role an app_metadata.role value stands for; null for customers and anything unknown. */
export function staffRoleOf(raw: unknown): StaffRole | null {
  if (raw === 'admin') return 'owner';
  return (STAFF_ROLES as readonly unknown[]).includes(raw) ? (raw as StaffRole) : null;
}

/** Whether a role may act at a level (staff < manager < owner). */
export function roleAllows(role: StaffRole | null, level: StaffRole): boolean {
  return role !== null && STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(level);
}
