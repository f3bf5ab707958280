import { Mail, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsletterEmailProblem, normalizeNewsletterEmail } from '#shared/newsletter.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';

const FIELD_ID = 'newsletter-email';

function NewsletterForm() {
  const { t } = useTranslation('site');
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState('');
  /** The shared check's or the server's English message, translated when shown; cleared by typing. */
  const [error, setError] = useState<string>();

  // The messages of #shared/newsletter.ts, word for word, with their translations.
  const translations: Record<string, string> = {
    'Please enter your email address.': t('newsletter.emailRequired'),
    'Please enter a valid email address.': t('newsletter.emailInvalid'),
  };
  const shownError = error === undefined ? undefined : (translations[error] ?? error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newsletterEmailProblem(email);
    setError(problem);
    if (problem !== undefined || subscribe.isPending) return;
    subscribe.mutate(normalizeNewsletterEmail(email), {
      onSuccess: () => {
        setEmail('');
        showToast({ title: t('newsletter.successTitle'), description: t('newsletter.success'), variant: 'success' });
      },
      onError: (failure) => {
        if (isApiError(failure, 409)) {
          showToast({ title: t('newsletter.duplicateTitle'), description: t('newsletter.duplicate'), variant: 'info' });
        } else if (isApiError(failure, 400)) {
          setError(localizeError(failure, 'site'));
        } else {
          showToast({
            title: isApiError(failure, 429) ? t('newsletter.tooManyTitle') : t('newsletter.failedTitle'),
            description: localizeError(failure, 'site'),
            variant: 'error',
          });
        }
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mx-auto mt-8 flex w-full max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <Label htmlFor={FIELD_ID} className="sr-only">
          {t('newsletter.emailLabel')}
        </Label>
        <Input
          id={FIELD_ID}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('newsletter.emailPlaceholder')}
          name="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
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
      <Button type="submit" size="lg" disabled={subscribe.isPending} className="sm:min-w-36" data-takeover="newsletter">
        {subscribe.isPending ? (
          <>
            <Spinner className="size-4 text-current" /> {t('newsletter.submitting')}
          </>
        ) : (
          <>
            <Send aria-hidden="true" /> {t('newsletter.subscribe')}
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
