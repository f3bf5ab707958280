import { Mail, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';

const FIELD_ID = 'newsletter-email';

type NewsletterModule = typeof import('#shared/newsletter.ts');

/**
 * The shared schema and messages come with zod, which the home page's first screen must not wait
 * for: they load when the visitor first touches the form (and at the latest on submit).
 */
let newsletterModule: Promise<NewsletterModule> | undefined;
const loadNewsletterModule = () => (newsletterModule ??= import('#shared/newsletter.ts'));

function NewsletterForm() {
  const { t } = useTranslation('site');
  const [email, setEmail] = useState('');
  /** The shared schema's or the server's English message, translated when shown. */
  const [error, setError] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  const subscribe = useSubscribeNewsletter();
  const busy = preparing || subscribe.isPending;

  // The messages of #shared/newsletter.ts, word for word, with their translations.
  const translations: Record<string, string> = {
    'Please enter your email address.': t('newsletter.emailRequired'),
    'Please enter a valid email address.': t('newsletter.emailInvalid'),
  };
  const shownError = error === undefined ? undefined : (translations[error] ?? error);

  const prefetch = () => {
    void loadNewsletterModule().catch(() => undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setPreparing(true);
    let module: NewsletterModule;
    try {
      module = await loadNewsletterModule();
    } catch {
      newsletterModule = undefined;
      showToast({ title: t('newsletter.failedTitle'), description: t('newsletter.loadFailed'), variant: 'error' });
      return;
    } finally {
      setPreparing(false);
    }
    const { NEWSLETTER_MESSAGES, newsletterEmailSchema } = module;
    const parsed = newsletterEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.emailInvalid);
      return;
    }
    setError(undefined);
    subscribe.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('');
        showToast({ title: t('newsletter.successTitle'), description: t('newsletter.success'), variant: 'success' });
      },
      onError: (failure) => {
        if (isApiError(failure, 409)) {
          showToast({ title: t('newsletter.duplicateTitle'), description: t('newsletter.duplicate'), variant: 'info' });
        } else if (isApiError(failure, 400)) {
          setError(failure.message);
        } else {
          showToast({
            title: isApiError(failure, 429) ? t('newsletter.tooManyTitle') : t('newsletter.failedTitle'),
            description: errorMessage(failure),
            variant: 'error',
          });
        }
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={prefetch}
      onPointerEnter={prefetch}
      className="mx-auto mt-8 flex w-full max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <Label htmlFor={FIELD_ID} className="sr-only">
          {t('newsletter.emailLabel')}
        </Label>
        <Input
          id={FIELD_ID}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('newsletter.emailPlaceholder')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
          className="h-11"
          {...fieldAria(FIELD_ID, shownError)}
        />
        {shownError ? (
          <p id={fieldErrorId(FIELD_ID)} role="alert" className="mt-2 text-sm text-red-400">
            {shownError}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="sm:min-w-36">
        {subscribe.isPending ? (
          <>
            <Spinner className="size-4 text-current" /> {t('newsletter.submitting')}
          </>
        ) : (
          <>
            {preparing ? <Spinner className="size-4 text-current" /> : <Send aria-hidden="true" />} {t('newsletter.subscribe')}
          </>
        )}
      </Button>
    </form>
  );
}

/** Newsletter sign-up, stored on the server (SPEC §5 Newsletter). */
export function NewsletterSection() {
  const { t } = useTranslation('site');
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="scroll-mt-20 px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-4xl rounded-3xl border border-border bg-card/70 px-6 py-12 text-center sm:px-12">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary/15 text-brand-soft">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <h2 id="newsletter-title" className="mt-5 text-2xl font-bold tracking-tight sm:text-3xl">
          {t('newsletter.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          {t('newsletter.lead')}
        </p>
        <NewsletterForm />
      </div>
    </section>
  );
}
