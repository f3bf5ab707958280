import { Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
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
        <TeamSection title={t('list.members')}>
          {team.members.map((member) => (
            <TeamRow key={member.id} action={<RemoveDialog kind="member" id={member.id} who={member.name} />}>
              <p className="truncate font-medium">{member.name}</p>
              <p className="truncate text-sm text-muted-foreground">{member.email}</p>
              <p className="text-xs text-muted-foreground">{t('list.joined', { date: formatDate(member.joinedAt) })}</p>
            </TeamRow>
          ))}
        </TeamSection>
      ) : null}
      {team.invites.length ? (
        <TeamSection title={t('list.invites')}>
          {team.invites.map((invite) => (
            <TeamRow key={invite.id} action={<RemoveDialog kind="invite" id={invite.id} who={invite.email} />}>
              <p className="truncate font-medium">{invite.email}</p>
              <p className="text-xs text-muted-foreground">{t('list.expires', { date: formatDate(invite.expiresAt) })}</p>
            </TeamRow>
          ))}
        </TeamSection>
      ) : null}
    </div>
  );
}

function TeamSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      <ul aria-label={title} className="min-w-0 divide-y divide-border rounded-lg border border-border">
        {children}
      </ul>
    </section>
  );
}

function TeamRow({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0 max-w-full">{children}</div>
      {action}
    </li>
  );
}
