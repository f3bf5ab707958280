import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectClass } from '#web/components/ui/select.ts';
import { useActingStore } from '#web/lib/acting-store.ts';
import { cn } from '#web/lib/utils.ts';
import { useTeamStores } from '../api/get-team-stores.ts';
import { switchStore } from '../utils/switch-store.ts';

const OWN = '';

/**
 * The dashboard header's store switcher (decision 023): "My account", or a store whose team I am on.
 * Shown only to members of a team. Switching refetches every page's data for the chosen store.
 */
export function StoreSwitcher({ className, wide = false }: { className?: string; wide?: boolean }) {
  const { t } = useTranslation('teams');
  const id = useId();
  const acting = useActingStore();
  const { data } = useTeamStores();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // No longer on that store's team (removed, or the owner's plan changed): back to my own account.
  useEffect(() => {
    if (data && acting && !data.items.some((store) => store.id === acting.id)) {
      switchStore(null, queryClient);
    }
  }, [data, acting, queryClient]);

  const stores = data?.items ?? [];
  if (stores.length === 0) return null;

  const choose = (value: string) => {
    const store = stores.find((candidate) => candidate.id === value) ?? null;
    switchStore(store, queryClient);
    void navigate(store ? '/dashboard/products' : '/dashboard');
  };

  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={id} className={cn('text-sm text-muted-foreground', wide ? 'shrink-0' : 'hidden lg:inline')}>
        {t('switcher.label')}
      </label>
      <select
        id={id}
        className={cn(selectClass, 'h-9 min-w-0', wide ? 'flex-1' : 'w-auto max-w-[16rem]', acting ? 'border-brand-soft' : null)}
        value={acting?.id ?? OWN}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={OWN}>{t('switcher.own')}</option>
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {t('switcher.store', { name: store.name })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Says on every page whose store a member is working on, and what stays their own. */
export function ActingStoreNotice() {
  const { t } = useTranslation('teams');
  const acting = useActingStore();
  if (!acting) return null;
  return (
    <p role="status" className="mb-6 rounded-lg border border-brand-soft/40 bg-accent px-4 py-2 text-sm">
      {t('switcher.notice', { name: acting.name })}
    </p>
  );
}
