// Copy of src/shared/domain/staff-roles.ts (Deno cannot import src/): kept equal by tests/unit/fn-shared.test.ts.

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
