import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { PasskeysCard } from './passkeys-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/**
 * Settings → Security (issue #16): two-factor sign-in and passkeys. An admin whom the platform
 * requires to turn on two-factor sign-in is sent here and sees why.
 */
export function SecuritySection() {
  const { t } = useTranslation('auth');
  const { data: user } = useCurrentUser();
  const section = useRef<HTMLElement>(null);
  const setupRequired = Boolean(user?.twoFactorSetupRequired);

  useEffect(() => {
    if (setupRequired) section.current?.scrollIntoView({ block: 'start' });
  }, [setupRequired]);

  if (!user) return null;
  return (
    <section ref={section} id="security" aria-labelledby="security-heading" className="grid scroll-mt-24 gap-4">
      <div>
        <h2 id="security-heading" className="text-xl font-semibold tracking-tight">
          {t('security.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('security.lead')}</p>
      </div>
      {setupRequired ? (
        <Notice variant="error" title={t('security.adminRequiredTitle')}>
          {t('security.adminRequired')}
        </Notice>
      ) : null}
      <TwoFactorCard enabled={Boolean(user.twoFactorEnabled)} />
      <PasskeysCard />
    </section>
  );
}
