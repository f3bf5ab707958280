import { Eye, Package, Pencil, ShoppingBag, Store, Upload, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '#shared/profiles.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useMyProducts } from '../api/get-my-products.ts';
import { formatCount, formatDate } from '#web/lib/format.ts';

function QuickLink({ icon: Icon, children, ...target }: { icon: LucideIcon; children: ReactNode } & ({ to: string } | { onClick: () => void })) {
  const content = (
    <>
      <Icon aria-hidden="true" /> {children}
    </>
  );
  return 'to' in target ? (
    <Button asChild variant="outline" className="justify-start">
      <Link to={target.to}>{content}</Link>
    </Button>
  ) : (
    <Button variant="outline" className="justify-start" onClick={target.onClick}>
      {content}
    </Button>
  );
}

function Stat({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/40 p-4">
      <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-brand-soft">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tabular-nums">{value}</p>
      </div>
    </div>
  );
}

/** The overview tab: who I am, my numbers and the Quick Links (SPEC §2 Profile page). */
export function ProfileOverview({ profile, base, onEdit }: { profile: Profile; base: string; onEdit: () => void }) {
  const { t } = useTranslation('profiles');
  const isAdmin = profile.role === 'admin';
  const products = useMyProducts({ enabled: !isAdmin });
  const items = products.data?.items ?? [];
  const total = (pick: (item: (typeof items)[number]) => number) => formatCount(items.reduce((sum, item) => sum + pick(item), 0));

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader className="flex-row items-center gap-4">
          <UserAvatar user={profile} className="size-16 text-xl" />
          <div className="min-w-0">
            <CardTitle className="break-words">{profile.name}</CardTitle>
            <CardDescription className="truncate" title={profile.email}>
              {profile.email}
            </CardDescription>
            <p className="mt-1 text-xs text-muted-foreground">
              {t(`roles.${profile.role}`)} · {t('overview.memberSince', { date: formatDate(profile.createdAt) })}
            </p>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="whitespace-pre-line text-muted-foreground">{profile.bio || t('view.noBio')}</p>
          {isAdmin ? null : products.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {t('overview.statsFailed')}
            </p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-3" aria-busy={products.isPending}>
              <Stat icon={Package} label={t('overview.products')} value={products.isPending ? '…' : formatCount(items.length)} />
              <Stat icon={Eye} label={t('overview.views')} value={products.isPending ? '…' : total((item) => item.views)} />
              <Stat icon={ShoppingBag} label={t('overview.sales')} value={products.isPending ? '…' : total((item) => item.salesCount)} />
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('overview.quickLinks')}</CardTitle>
        </CardHeader>
        <CardContent>
          <nav aria-label={t('overview.quickLinks')} className="grid gap-2">
            <QuickLink icon={Pencil} onClick={onEdit}>
              {t('actions.editProfile')}
            </QuickLink>
            {isAdmin ? null : (
              <QuickLink icon={Upload} to={`${base}/products/upload`}>
                {t('overview.uploadProduct')}
              </QuickLink>
            )}
            <QuickLink icon={ShoppingBag} to="/store">
              {t('overview.viewMarketplace')}
            </QuickLink>
            <QuickLink icon={Store} to={`/store/${profile.storefrontSlug}`}>
              {t('overview.myStorefront')}
            </QuickLink>
          </nav>
        </CardContent>
      </Card>
    </div>
  );
}
