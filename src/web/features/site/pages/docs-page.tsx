import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

const codeClass = 'rounded bg-muted px-1.5 py-0.5 font-mono text-sm text-foreground';
const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** Short, honest documentation: using the platform and running it yourself. */
export function DocsPage() {
  const brand = useBrand();
  const { t } = useTranslation('info');
  const code = <code className={codeClass} />;
  return (
    <InfoPage title={t('info.documentation')} eyebrow={t('info.resources')} icon={BookOpen} description={t('docs.description', { brand })}>
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="getting-started" title={t('docs.startTitle')}>
          <p>
            <RichText text={t('docs.start')} components={{ signup: <Link to="/auth" state={{ defaultTab: 'signup' }} className={linkClass} /> }} />
          </p>
        </InfoSection>
        <InfoSection id="selling" title={t('docs.sellingTitle')}>
          <p>
            <RichText text={t('docs.selling')} components={{ store: <Link to="/store" className={linkClass} /> }} />
          </p>
        </InfoSection>
        <InfoSection id="short-links" title={t('docs.linksTitle')}>
          <p>
            <RichText text={t('docs.links')} components={{ zerrilink: <Link to="/zerrilink" className={linkClass} />, code }} />
          </p>
        </InfoSection>
        <InfoSection id="self-hosting" title={t('docs.selfHostingTitle')}>
          <p>
            <RichText text={t('docs.selfHosting', { brand })} components={{ code }} />
          </p>
        </InfoSection>
        <p className="text-muted-foreground">
          <RichText text={t('docs.more')} components={{ support: <Link to="/support" className={linkClass} /> }} />
        </p>
      </div>
    </InfoPage>
  );
}
