import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Team } from '#shared/teams-api.ts';
import { formatDate } from '#web/lib/format.ts';
import { RemoveDialog } from './remove-dialog.tsx';

/** The members and pending invitations of my team, each with its Remove or Revoke. */
export function TeamLists({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  if (team.members.length === 0 && team.invites.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <p className="text-muted-foreground">{t('list.empty')}</p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {team.members.length ? (
        <section aria-labelledby="team-members-heading" className="grid min-w-0 gap-2">
          <h3 id="team-members-heading" className="text-sm font-semibold">
            {t('list.members')}
          </h3>
          <ul aria-label={t('list.members')} className="min-w-0 divide-y divide-border rounded-lg border border-border">
            {team.members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0 max-w-full">
                  <p className="truncate font-medium">{member.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{member.email}</p>
                  <p className="text-xs text-muted-foreground">{t('list.joined', { date: formatDate(member.joinedAt) })}</p>
                </div>
                <RemoveDialog kind="member" id={member.id} who={member.name} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {team.invites.length ? (
        <section aria-labelledby="team-invites-heading" className="grid min-w-0 gap-2">
          <h3 id="team-invites-heading" className="text-sm font-semibold">
            {t('list.invites')}
          </h3>
          <ul aria-label={t('list.invites')} className="min-w-0 divide-y divide-border rounded-lg border border-border">
            {team.invites.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0 max-w-full">
                  <p className="truncate font-medium">{invite.email}</p>
                  <p className="text-xs text-muted-foreground">{t('list.expires', { date: formatDate(invite.expiresAt) })}</p>
                </div>
                <RemoveDialog kind="invite" id={invite.id} who={invite.email} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
