// Owner: the restaurant's team, for the « Equipa » screen (issue 32; docs/DATABASE.md, « Roles »).
// {action: 'list'} the back-office accounts with their role and last sign-in; {action: 'invite', email, role} an
// e-mailed invitation (Auth's inviteUserByEmail, then the role in app_metadata; counted by note_staff_invite);
// {action: 'set_role', id, role}; {action: 'disable' | 'enable', id} (a ban: Auth ends the account's sessions at once,
// so its refresh fails and staff_allowed() refuses its access token); {action: 'remove', id}. The last owner can be
// neither demoted, disabled nor removed. Only back-office accounts are touched here, never a customer's.
import type { SupabaseClient, User } from 'npm:@supabase/supabase-js@2';
import { callerClient, requireStaff, serviceClient } from '../_shared/clients.ts';
import { bearerToken, HttpError, readJson, requiredEmail, requiredText, serveJson, siteUrl } from '../_shared/http.ts';
import { STAFF_ROLES, staffRoleOf, type StaffRole } from '../_shared/staff-roles.ts';

const PER_PAGE = 1000;
/** Go duration Auth takes for a ban: a hundred years, until the owner enables the account again. */
const DISABLED = '876000h';

async function teamMembers(service: SupabaseClient): Promise<User[]> {
  const members: User[] = [];
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: PER_PAGE });
    if (error) throw new Error(`Impossible de lister les comptes : ${error.message}`);
    members.push(...data.users.filter((u) => staffRoleOf(u.app_metadata?.role)));
    if (data.users.length < PER_PAGE) return members;
  }
}

const isDisabled = (u: User) => Boolean(u.banned_until && new Date(u.banned_until).getTime() > Date.now());

function roleOf(body: Record<string, unknown>): StaffRole {
  const role = body.role;
  if (!(STAFF_ROLES as readonly unknown[]).includes(role))
    throw new HttpError(400, 'Perfil desconhecido: escolha Proprietário, Gerente ou Balcão.');
  return role as StaffRole;
}

/** The member the action is about: a back-office account (a customer's account is not the team's). */
function memberById(team: User[], body: Record<string, unknown>): User {
  const id = requiredText(body, 'id', 64);
  const member = team.find((u) => u.id === id);
  if (!member) throw new HttpError(404, 'Esta pessoa não faz parte da equipa.');
  return member;
}

/** Refuses to leave the restaurant without an owner who can sign in. */
function keepAnOwner(team: User[], member: User): void {
  if (staffRoleOf(member.app_metadata?.role) !== 'owner') return;
  const others = team.filter(
    (u) =>
      u.id !== member.id && staffRoleOf(u.app_metadata?.role) === 'owner' && !isDisabled(u) && u.email_confirmed_at,
  );
  if (others.length === 0)
    throw new HttpError(
      409,
      'É o último proprietário: nomeie primeiro outro proprietário, para o restaurante nunca ficar sem quem gere a equipa.',
      'last_owner',
    );
}

serveJson(async (req) => {
  const caller = await requireStaff(req, 'owner');
  const body = await readJson(req);
  const service = serviceClient();
  const action = requiredText(body, 'action', 20);

  if (action === 'list') {
    const team = await teamMembers(service);
    return {
      members: team
        .map((u) => ({
          id: u.id,
          email: u.email ?? '',
          role: staffRoleOf(u.app_metadata?.role),
          last_sign_in_at: u.last_sign_in_at ?? null,
          invited: !u.email_confirmed_at,
          disabled: isDisabled(u),
          created_at: u.created_at,
          is_me: u.id === caller.id,
        }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    };
  }

  if (action === 'invite') {
    const email = requiredEmail(body, 'email').trim().toLowerCase();
    const role = roleOf(body);
    const counted = await callerClient(bearerToken(req)!).rpc('note_staff_invite');
    if (counted.error)
      throw counted.error.code === 'PT429'
        ? new HttpError(429, counted.error.message, 'invite_limit')
        : new HttpError(403, counted.error.message);
    const invited = await service.auth.admin.inviteUserByEmail(email, { redirectTo: `${siteUrl()}/admin/convite` });
    if (invited.error) {
      if (invited.error.code === 'email_exists' || invited.error.status === 422)
        throw new HttpError(
          409,
          'Este endereço já tem uma conta confirmada. Convide outro endereço (a pessoa pode usar um e-mail só para o trabalho).',
          'email_exists',
        );
      throw new Error(`Convite não enviado: ${invited.error.message}`);
    }
    const { error } = await service.auth.admin.updateUserById(invited.data.user.id, { app_metadata: { role } });
    if (error) throw new Error(`Perfil não gravado: ${error.message}`);
    return { id: invited.data.user.id, email, role };
  }

  const team = await teamMembers(service);
  const member = memberById(team, body);

  if (action === 'set_role') {
    const role = roleOf(body);
    if (role !== 'owner') keepAnOwner(team, member);
    const { error } = await service.auth.admin.updateUserById(member.id, { app_metadata: { role } });
    if (error) throw new Error(error.message);
    return { id: member.id, role };
  }
  if (action === 'disable' || action === 'enable') {
    if (action === 'disable') keepAnOwner(team, member);
    const { error } = await service.auth.admin.updateUserById(member.id, {
      ban_duration: action === 'disable' ? DISABLED : 'none',
    });
    if (error) throw new Error(error.message);
    return { id: member.id, disabled: action === 'disable' };
  }
  if (action === 'remove') {
    keepAnOwner(team, member);
    const { error } = await service.auth.admin.deleteUser(member.id);
    if (error)
      throw new HttpError(
        409,
        'Não foi possível remover esta conta (tem registos ligados). Desative-a em vez disso.',
        'linked_records',
      );
    return { id: member.id, removed: true };
  }
  throw new HttpError(400, 'Ação desconhecida.');
});
