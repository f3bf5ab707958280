import { Mail, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
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
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [messages, setMessages] = useState<NewsletterModule['NEWSLETTER_MESSAGES']>();
  const [preparing, setPreparing] = useState(false);
  const subscribe = useSubscribeNewsletter();
  const busy = preparing || subscribe.isPending;

  const prefetch = () => {
    void loadNewsletterModule().then((module) => setMessages(module.NEWSLETTER_MESSAGES));
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
      showToast({ title: 'Subscription Failed', description: 'Could not load the form. Please try again.', variant: 'error' });
      return;
    } finally {
      setPreparing(false);
    }
    const { NEWSLETTER_MESSAGES, newsletterEmailSchema } = module;
    setMessages(NEWSLETTER_MESSAGES);
    const parsed = newsletterEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.emailInvalid);
      return;
    }
    setError(undefined);
    subscribe.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('');
        showToast({ title: NEWSLETTER_MESSAGES.successTitle, description: NEWSLETTER_MESSAGES.success, variant: 'success' });
      },
      onError: (failure) => {
        if (isApiError(failure, 409)) {
          showToast({ title: NEWSLETTER_MESSAGES.duplicateTitle, description: NEWSLETTER_MESSAGES.duplicate, variant: 'info' });
        } else if (isApiError(failure, 400)) {
          setError(failure.message);
        } else {
          showToast({
            title: isApiError(failure, 429) ? 'Too Many Attempts' : 'Subscription Failed',
            description: failure.message,
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
          Email address
        </Label>
        <Input
          id={FIELD_ID}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
          className="h-11"
          {...fieldAria(FIELD_ID, error)}
        />
        {error ? (
          <p id={fieldErrorId(FIELD_ID)} role="alert" className="mt-2 text-sm text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="sm:min-w-36">
        {subscribe.isPending && messages ? (
          <>
            <Spinner className="size-4 text-current" /> {messages.submitting}
          </>
        ) : (
          <>
            {preparing ? <Spinner className="size-4 text-current" /> : <Send aria-hidden="true" />} Subscribe
          </>
        )}
      </Button>
    </form>
  );
}

/** Newsletter sign-up, stored on the server (SPEC §5 Newsletter). */
export function NewsletterSection() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="scroll-mt-20 px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-4xl rounded-3xl border border-border bg-card/70 px-6 py-12 text-center sm:px-12">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary/15 text-brand-soft">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <h2 id="newsletter-title" className="mt-5 text-2xl font-bold tracking-tight sm:text-3xl">
          Get creator tips in your inbox
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          Product updates, selling ideas and new features, about twice a month. Unsubscribe any time.
        </p>
        <NewsletterForm />
      </div>
    </section>
  );
}
