import { Ban, MailCheck, MailX, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLAN_IDS, type AdminUser } from '#shared/admin.ts';
import { ROLES, type Role } from '#shared/auth.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useUpdateUser, type UserChange } from '../api/update-user.ts';
import { AdminTable } from '#web/components/admin-table.tsx';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { AdjustBalanceDialog } from '../components/adjust-balance-dialog.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { FilterSelect, ListToolbar } from '../components/list-controls.tsx';
import { useListPaginationTexts } from '../utils/pagination-texts.ts';
import { ListState } from '../components/list-states.tsx';
import { TruncatedText } from '#web/components/truncated-text.tsx';

function UserRow({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  const { t } = useTranslation('admin');
  const update = useUpdateUser();
  const roleNames: Record<Role, string> = { admin: t('roles.admin'), creator: t('roles.creator'), user: t('roles.user'), company: t('roles.company') };
  const planNames: Record<AdminUser['plan'], string> = { free: t('plans.free'), pro: t('plans.pro'), business: t('plans.business') };

  const change = async (input: UserChange, done: string) => {
    try {
      await update.mutateAsync(input);
      showToast({ title: done, description: user.email, variant: 'success' });
    } catch (error) {
      showToast({ title: t('users.failed'), description: localizeError(error, 'admin', t('users.failed')), variant: 'error' });
      throw error;
    }
  };

  return (
    <tr className="border-b border-border last:border-0">
      <td className="py-3 pr-4">
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar user={user} className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium">
              {user.name} {isMe ? <span className="text-xs text-muted-foreground">({t('users.you')})</span> : null}
            </p>
            <TruncatedText text={user.email} className="text-xs text-muted-foreground" />
            <Link to={`/store/${user.storefrontSlug}`} className="text-xs text-brand-soft hover:underline">
              /store/{user.storefrontSlug}
            </Link>
          </div>
        </div>
      </td>
      <td className="py-3 pr-4">
        <select
          aria-label={t('users.roleOf', { email: user.email })}
          value={user.role}
          disabled={isMe || update.isPending}
          onChange={(event) => void change({ id: user.id, kind: 'role', role: event.target.value as Role }, t('users.roleChanged')).catch(() => {})}
          className={`${selectClass} min-w-28`}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleNames[role]}
            </option>
          ))}
        </select>
      </td>
      <td className="py-3 pr-4">
        <select
          aria-label={t('users.planOf', { email: user.email })}
          value={user.plan}
          disabled={update.isPending}
          onChange={(event) => void change({ id: user.id, kind: 'plan', plan: event.target.value as AdminUser['plan'] }, t('users.planChanged')).catch(() => {})}
          className={`${selectClass} min-w-28`}
        >
          {PLAN_IDS.map((plan) => (
            <option key={plan} value={plan}>
              {planNames[plan]}
            </option>
          ))}
        </select>
      </td>
      <td className="py-3 pr-4 text-sm tabular-nums">{formatCount(user.productCount)}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{formatDate(user.createdAt)}</td>
      <td className="py-3 pr-4">
        {user.suspendedAt ? (
          <span className="rounded-full border border-red-500/40 bg-red-500/10 px-2.5 py-0.5 text-xs font-medium text-red-200">{t('users.suspended')}</span>
        ) : (
          <span className="rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2.5 py-0.5 text-xs font-medium text-emerald-200">{t('users.active')}</span>
        )}
        {user.sendingPaused ? (
          <span className="mt-1 block w-fit rounded-full border border-amber-500/40 bg-amber-500/10 px-2.5 py-0.5 text-xs font-medium text-amber-200">{t('users.sendingPaused')}</span>
        ) : null}
      </td>
      <td className="py-3 text-right whitespace-nowrap">
        {isMe ? null : (
          <>
            <AdjustBalanceDialog user={user} />{' '}
          </>
        )}
        {isMe ? null : (
          <ConfirmAction
            trigger={
              user.sendingPaused ? (
                <>
                  <MailCheck aria-hidden="true" /> {t('users.resumeSending')}
                </>
              ) : (
                <>
                  <MailX aria-hidden="true" /> {t('users.pauseSending')}
                </>
              )
            }
            triggerLabel={t(user.sendingPaused ? 'users.resumeSendingLabel' : 'users.pauseSendingLabel', { email: user.email })}
            title={t(user.sendingPaused ? 'users.resumeSendingTitle' : 'users.pauseSendingTitle', { email: user.email })}
            description={t(user.sendingPaused ? 'users.resumeSendingDescription' : 'users.pauseSendingDescription')}
            confirmLabel={t(user.sendingPaused ? 'users.resumeSending' : 'users.pauseSending')}
            pendingLabel={t('users.savingSending')}
            destructive={!user.sendingPaused}
            onConfirm={() => change({ id: user.id, kind: 'sending', paused: !user.sendingPaused }, t(user.sendingPaused ? 'users.sendingResumed' : 'users.sendingPausedToast'))}
          />
        )}{' '}
        {isMe ? null : user.suspendedAt ? (
          <ConfirmAction
            trigger={
              <>
                <RotateCcw aria-hidden="true" /> {t('users.reinstate')}
              </>
            }
            triggerLabel={t('users.reinstateLabel', { email: user.email })}
            title={t('users.reinstateTitle', { email: user.email })}
            description={t('users.reinstateDescription')}
            confirmLabel={t('users.reinstate')}
            pendingLabel={t('users.reinstating')}
            onConfirm={() => change({ id: user.id, kind: 'reinstate' }, t('users.reinstated'))}
          />
        ) : (
          <ConfirmAction
            trigger={
              <>
                <Ban aria-hidden="true" /> {t('users.suspend')}
              </>
            }
            triggerLabel={t('users.suspendLabel', { email: user.email })}
            title={t('users.suspendTitle', { email: user.email })}
            description={t('users.suspendDescription')}
            confirmLabel={t('users.suspend')}
            pendingLabel={t('users.suspending')}
            destructive
            onConfirm={() => change({ id: user.id, kind: 'suspend' }, t('users.suspendedToast'))}
          />
        )}
      </td>
    </tr>
  );
}

/** /admin/users ('Manage Creators'): search, filter by role or status, change a role or plan, suspend and reinstate. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const paginationTexts = useListPaginationTexts();
  usePageTitle(t('users.title'));
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const { data, isPending, error, refetch } = useAdminUsers({ q, role, status, page });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('users.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('users.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('users.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">{data ? t('users.count', { count: data.total }) : t('list.loading')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ListToolbar search={search} onSearch={filter(setSearch)} searchLabel={t('users.search')}>
            <FilterSelect
              label={t('users.role')}
              value={role}
              onChange={filter(setRole)}
              options={[{ value: '', label: t('list.all') }, ...ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))]}
            />
            <FilterSelect
              label={t('users.status')}
              value={status}
              onChange={filter(setStatus)}
              options={[
                { value: '', label: t('list.all') },
                { value: 'active', label: t('users.active') },
                { value: 'suspended', label: t('users.suspended') },
              ]}
            />
          </ListToolbar>
          <ListState
            isPending={isPending}
            error={data ? null : error}
            isEmpty={data?.items.length === 0}
            loadingLabel={t('list.loading')}
            emptyLabel={t('users.empty')}
            failedLabel={t('users.loadFailed')}
            onRetry={() => void refetch()}
          />
          {data && data.items.length > 0 ? (
            <AdminTable
              caption={t('users.listTitle')}
              minWidth="min-w-[860px]"
              columns={[
                { label: t('users.user') },
                { label: t('users.role'), className: 'w-36' },
                { label: t('users.plan'), className: 'w-36' },
                { label: t('users.products') },
                { label: t('users.joined') },
                { label: t('users.status') },
                { label: t('list.actions'), srOnly: true, align: 'right', fit: true },
              ]}
            >
              {data.items.map((user) => (
                <UserRow key={user.id} user={user} isMe={user.id === me?.id} />
              ))}
            </AdminTable>
          ) : null}
          {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} texts={paginationTexts} className="justify-between pt-4" /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
