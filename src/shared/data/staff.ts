import type { StaffRole } from '../domain/staff-roles.js';
import { invokeFunction } from './functions.js';
import { queryKeys } from './query-keys.js';
import { useServerMutation, useServerQuery, type MutationOptions, type QueryOptions } from './react-query.js';

/** One back-office account as the owner's « Equipa » screen shows it (Edge Function `staff`). */
export interface TeamMember {
  id: string;
  email: string;
  role: StaffRole;
  last_sign_in_at: string | null;
  /** Invited, the invitation not accepted yet. */
  invited: boolean;
  disabled: boolean;
  created_at: string;
  is_me: boolean;
}

/** Owner: the team. */
export async function fetchTeam(): Promise<TeamMember[]> {
  return (await invokeFunction<{ members: TeamMember[] }>('staff', { action: 'list' })).members;
}

/** Owner: e-mails an invitation; the invitee chooses a password from the link (/admin/convite). */
export const inviteTeamMember = ({ email, role }: { email: string; role: StaffRole }) =>
  invokeFunction('staff', { action: 'invite', email, role });

/** Owner: changes a role, disables or enables (sessions end at once), or removes an account. */
export const changeTeamMember = (
  change: { action: 'set_role'; id: string; role: StaffRole } | { action: 'disable' | 'enable' | 'remove'; id: string },
) => invokeFunction('staff', change);

export const useTeamQuery = (options?: QueryOptions<TeamMember[]>) =>
  useServerQuery(queryKeys.team, fetchTeam, options);

export const useInviteTeamMemberMutation = (options?: MutationOptions<typeof inviteTeamMember>) =>
  useServerMutation(inviteTeamMember, options, { invalidate: [queryKeys.team] });

export const useChangeTeamMemberMutation = (options?: MutationOptions<typeof changeTeamMember>) =>
  useServerMutation(changeTeamMember, options, { invalidate: [queryKeys.team] });
