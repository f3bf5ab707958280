import { Mail, Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage } from '../components/info-page.tsx';

/** The blog has no posts yet; it says so and points to the newsletter. */
export function BlogPage() {
  const brand = useBrand();
  const { t } = useTranslation('info');
  return (
    <InfoPage
      title={t('resources.blogTitle')}
      eyebrow={t('info.resources')}
      icon={Newspaper}
      description={t('blog.description', { brand })}
    >
      <section aria-labelledby="no-posts-title" className="rounded-3xl border border-dashed border-border bg-card/60 p-8 text-center sm:p-12">
        <h2 id="no-posts-title" className="text-2xl font-bold tracking-tight">
          {t('blog.emptyTitle')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          {t('blog.empty', { brand })}
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/#newsletter">
            <Mail aria-hidden="true" /> {t('blog.join')}
          </Link>
        </Button>
      </section>
    </InfoPage>
  );
}
