import { Handshake, LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { socialLinksOf } from '#web/components/social-icons.tsx';
import { type SiteInfo, useBrand, useSite } from '#web/lib/site.ts';
import { InfoCard, InfoPage } from '../components/info-page.tsx';

/**
 * SPEC §2 info pages: three mailto cards and the social links opening in a new tab; the addresses
 * are the operator's (Admin › Settings › Public site), and without any the links are not shown.
 */
export function ContactPage() {
  const brand = useBrand();
  const { data: site, isError } = useSite();
  const { t } = useTranslation('info');
  const socialLinks = socialLinksOf(site?.content.socialLinks);
  const cards: { key: keyof SiteInfo['contacts']; title: string; text: string; icon: typeof Mail }[] = [
    { key: 'general', title: t('contact.generalTitle'), text: t('contact.general'), icon: MessageCircle },
    { key: 'support', title: t('contact.supportTitle'), text: t('contact.support'), icon: LifeBuoy },
    { key: 'partnerships', title: t('contact.partnershipsTitle'), text: t('contact.partnerships'), icon: Handshake },
  ];
  return (
    <InfoPage
      title={t('contact.title')}
      eyebrow={t('contact.eyebrow')}
      icon={Mail}
      // It promises social media only where the operator set a link (Admin › Settings).
      description={t(socialLinks.length > 0 ? 'contact.description' : 'contact.descriptionNoSocial', { brand })}
    >
      <section aria-labelledby="email-title">
        <h2 id="email-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('contact.writeTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {cards.map((card) => {
            const address = site?.contacts[card.key];
            return (
              <li key={card.key}>
                <InfoCard
                  icon={card.icon}
                  title={card.title}
                  href={address ? `mailto:${address}` : undefined}
                  footer={
                    address ? (
                      <span className="break-all">{address}</span>
                    ) : isError ? (
                      t('contact.addressUnavailable')
                    ) : (
                      <span className="block h-4 w-40 animate-pulse rounded bg-muted" />
                    )
                  }
                >
                  {card.text}
                </InfoCard>
              </li>
            );
          })}
        </ul>
      </section>

      {socialLinks.length > 0 ? (
        <section aria-labelledby="social-title">
          <h2 id="social-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('contact.followTitle', { brand })}
          </h2>
          <ul className="mt-6 flex flex-wrap gap-3">
            {socialLinks.map(({ network, label, href, Icon }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-11 items-center gap-2.5 rounded-full border border-border bg-card/70 px-5 text-sm font-medium transition-colors hover:border-violet-400/50 hover:bg-accent"
                >
                  <Icon className="size-4" />
                  {label}
                  <span className="sr-only">{t('contact.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </InfoPage>
  );
}
