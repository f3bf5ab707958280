import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';

/**
 * A role home's title and greeting: 'Welcome' in the account's first session (GET /api/me's
 * firstSession), 'Welcome back' afterwards, as on the creator overview.
 */
export function HomeHeader({ user, kind, action }: { user: CurrentUser; kind: 'buyer' | 'company'; action?: ReactNode }) {
  const { t } = useTranslation('sales');
  const title = t(`home.${kind}.title`);
  usePageTitle(title);
  const name = user.name.split(' ')[0] ?? '';
  const greeting = `${user.firstSession ? 'welcomeFirst' : 'welcome'}${name ? 'Name' : ''}`;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-muted-foreground">{t(`home.${kind}.${greeting}`, { name })}</p>
      </div>
      {action}
    </div>
  );
}
