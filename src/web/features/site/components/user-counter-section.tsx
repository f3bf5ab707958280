import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { counterWords, formatUserCount, showsUserCounter } from '#shared/site.ts';
import { useBrand, useSiteContent } from '#web/lib/site.ts';
import { useRegisteredUserCount } from '../api/get-site-stats.ts';

/**
 * The live number of registered accounts (0 when it cannot be loaded), in words that fit a new install
 * too; not shown while there are fewer accounts than the operator's threshold (Admin › Settings).
 */
export function UserCounterSection() {
  const brand = useBrand();
  const { count } = useRegisteredUserCount();
  const minUsers = useSiteContent()?.userCounter.minUsers;
  const { t, i18n } = useTranslation('site');
  // Until both are known, a threshold hides it (no flash of a number the operator keeps back).
  // The server tells no number below it (null).
  if (count === null || (minUsers !== undefined && minUsers > 0 && (count === undefined || !showsUserCounter(count, minUsers)))) return null;
  const words = count === undefined ? 'joined' : counterWords(count);
  return (
    <section aria-labelledby="user-counter-title" className="px-4 sm:px-6">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 rounded-2xl border border-violet-400/20 bg-gradient-to-br from-violet-950/60 via-card to-card px-6 py-8 text-center shadow-xl shadow-violet-950/30 sm:flex-row sm:gap-6 sm:text-left">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary/20 text-brand-soft">
          <Users aria-hidden="true" className="size-7" />
        </span>
        <div className="min-w-0">
          <h2 id="user-counter-title" className="text-sm font-semibold tracking-widest text-brand-soft uppercase">
            {t('counter.title')}
          </h2>
          <p className="mt-1 text-muted-foreground">
            <span
              hidden={words === 'first'}
              data-testid="registered-user-count"
              aria-live="polite"
              aria-busy={count === undefined}
              className="block min-w-[2ch] align-middle text-4xl sm:mr-3 sm:inline-block font-extrabold tracking-tight text-foreground tabular-nums sm:text-5xl"
            >
              {count === undefined ? <span className="inline-block h-10 w-16 animate-pulse rounded-md bg-muted align-middle" /> : formatUserCount(count, i18n.resolvedLanguage ?? 'en')}
            </span>
            <span className="mt-1 block align-middle sm:mt-0 sm:inline">{t(`counter.${words}`, { brand })}</span>
          </p>
        </div>
      </div>
    </section>
  );
}
