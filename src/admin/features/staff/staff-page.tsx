import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../../shared/domain/staff-roles.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ConfirmRemoval } from '../../components/ui/confirm-dialog.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { Select } from '../../components/ui/select.js';
import { DashboardSubPage, QueryTable } from '../../components/ui/table-page.js';
import { toast } from '../../components/ui/toast-store.js';
import { dateTimeOf } from '../../components/order/order-format.js';
import { useT } from '../../i18n/index.js';
import {
  FunctionRefusal,
  useChangeTeamMemberMutation,
  useInviteTeamMemberMutation,
  useTeamQuery,
  type TeamMember,
} from '../../lib/data.js';
import { staffText } from './staff-text.js';

const FIELD = 'mt-1 block w-full min-h-12 rounded-lg border-2 border-slate-400 px-3 text-lg';

/** The team function's refusals, by code, in the screen's language; anything else as the function worded it. */
const REFUSALS = {
  last_owner: 'refusal_last_owner',
  email_exists: 'refusal_email_exists',
  linked_records: 'refusal_linked_records',
  invite_limit: 'refusal_invite_limit',
} as const;

/** The owner's team: invite by e-mail, change a role, disable or remove an account, see the last sign-in. */
export function StaffPage() {
  const t = useT();
  const s = staffText.useText();
  const team = useTeamQuery();
  const roleChoices = STAFF_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const why = (e: Error) => {
    const code = e instanceof FunctionRefusal ? e.code : null;
    return code && code in REFUSALS ? s(REFUSALS[code as keyof typeof REFUSALS]) : e.message;
  };
  const failed = (e: Error) => toast.error(s('failed'), why(e));
  const change = useChangeTeamMemberMutation({
    mutationConfig: { onSuccess: () => toast.success(s('saved')), onError: failed },
  });
  const invite = useInviteTeamMemberMutation({
    mutationConfig: {
      onSuccess: (_data, sent) => {
        toast.success(s('invited', { email: sent.email }));
        setEmail('');
      },
      onError: (e) => toast.error(s('inviteFailed'), why(e)),
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    invite.mutate({ email: email.trim(), role });
  }

  const state = (m: TeamMember) => (m.disabled ? s('stateDisabled') : m.invited ? s('stateInvited') : s('stateActive'));

  return (
    <DashboardSubPage title={s('title')}>
      <p className="mb-4 text-lg text-slate-700">{s('intro')}</p>
      <Card className="mb-6">
        <form
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
          data-testid="invite-form"
        >
          <h2 className="text-xl font-bold sm:col-span-3">{s('inviteTitle')}</h2>
          <TextField
            label={s('email')}
            labelClassName="block font-semibold"
            className={FIELD}
            type="email"
            autoComplete="off"
            required
            value={email}
            onValue={setEmail}
          />
          <label className="block font-semibold">
            {s('role')}
            <Select
              className={FIELD}
              choices={roleChoices}
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            />
          </label>
          <Button type="submit" disabled={invite.isPending || !email.trim()}>
            {s('invite')}
          </Button>
        </form>
      </Card>
      <QueryTable
        query={team}
        error={s('loadFailed')}
        empty={s('empty')}
        testId="team-table"
        phoneCards
        columns={[
          {
            header: s('email'),
            strong: true,
            cell: (m) => (m.is_me ? `${m.email} ${s('you')}` : m.email),
          },
          {
            header: s('role'),
            cell: (m) => (
              <Select
                aria-label={`${s('role')} ${m.email}`}
                className="min-h-12 rounded-lg border-2 border-slate-400 px-2"
                choices={roleChoices}
                value={m.role}
                disabled={change.isPending}
                onChange={(e) => change.mutate({ action: 'set_role', id: m.id, role: e.target.value as StaffRole })}
              />
            ),
          },
          { header: s('lastSignIn'), cell: (m) => (m.last_sign_in_at ? dateTimeOf(m.last_sign_in_at) : s('never')) },
          { header: s('state'), cell: state },
          {
            header: s('actions'),
            cell: (m) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ action: m.disabled ? 'enable' : 'disable', id: m.id })}
                >
                  {m.disabled ? s('enable') : s('disable')}
                </Button>
                <Button variant="danger" disabled={change.isPending} onClick={() => setRemoving(m)}>
                  {s('remove')}
                </Button>
              </div>
            ),
          },
        ]}
      />
      <ConfirmRemoval
        open={removing !== null}
        setOpen={(open) => !open && setRemoving(null)}
        onConfirm={() => removing && change.mutate({ action: 'remove', id: removing.id })}
        title={s('removeTitle', { email: removing?.email ?? '' })}
        body={s('removeBody')}
        confirmLabel={s('remove')}
      />
    </DashboardSubPage>
  );
}
