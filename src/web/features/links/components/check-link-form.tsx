import { ExternalLink, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useSite } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCheckLink } from '../api/get-link.ts';
import type { LinkDetails } from '../api/types.ts';
import { codeFromInput, shortUrlOf } from '../utils/link-code.ts';
import { formatCount, formatDateTime } from '#web/lib/format.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useLinkCopyTexts } from '../utils/copy-texts.ts';
import { Notice } from '#web/components/notice.tsx';

type Outcome = { kind: 'found'; link: LinkDetails } | { kind: 'not-found'; message: string } | { kind: 'error'; message: string };

/** SPEC "check link": a code (or a whole short URL), then the original URL, clicks and date, or a not-found notice. */
export function CheckLinkForm() {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const inputId = `${id}-code`;
  const { data: site } = useSite();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const check = useCheckLink();
  // No resolver: zod stays out of the home page's first view.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({ reValidateMode: 'onSubmit', defaultValues: { code: '' } });
  const fieldError = errors.code?.message;

  // handleSubmit has focused the field.
  const onInvalid = () => {
    setOutcome(null);
    showToast({ title: t('links:common.error'), description: t('links:errors.checkRequired'), variant: 'error' });
  };

  const onSubmit = async ({ code: typed }: { code: string }) => {
    if (check.isPending) return;
    const code = codeFromInput(typed);
    try {
      setOutcome({ kind: 'found', link: await check.mutateAsync(code) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        const message = t('links:errors.notFound', { code });
        setOutcome({ kind: 'not-found', message });
        showToast({ title: t('links:errors.notFoundTitle'), description: message, variant: 'error' });
      } else {
        const message = localizeError(error, 'links', t('check.unexpected'));
        setOutcome({ kind: 'error', message });
        showToast({ title: t('links:common.error'), description: message, variant: 'error' });
      }
    }
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)} aria-label={t('check.formLabel')}>
        <fieldset disabled={check.isPending} className="min-w-0 flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField id={inputId} label={t('check.codeLabel')} error={fieldError} className="min-w-0 flex-1">
            <Input
              id={inputId}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('check.codePlaceholder')}
              {...register('code', { validate: (typed) => codeFromInput(typed) !== '' || t('links:errors.checkRequired') })}
              {...fieldAria(inputId, fieldError)}
            />
          </FormField>
          <Button type="submit" variant="secondary" className={fieldError ? 'sm:mb-7' : undefined}>
            {check.isPending ? (
              <>
                <Spinner /> {t('check.checking')}
              </>
            ) : (
              <>
                <Search aria-hidden="true" /> {t('check.submit')}
              </>
            )}
          </Button>
        </fieldset>
      </form>

      {outcome?.kind === 'found' ? (
        <CheckResult link={outcome.link} shortUrl={shortUrlOf(outcome.link.code, site?.publicUrl)} />
      ) : outcome?.kind === 'not-found' ? (
        <Notice variant="error" title={t('links:errors.notFoundTitle')}>
          {outcome.message}
        </Notice>
      ) : outcome?.kind === 'error' ? (
        <Notice variant="error" title={t('links:common.error')}>
          {outcome.message}
        </Notice>
      ) : null}
    </div>
  );
}

function CheckResult({ link, shortUrl }: { link: LinkDetails; shortUrl: string }) {
  const { t } = useTranslation('links-pages');
  const copyTexts = useLinkCopyTexts();
  return (
    <section aria-label={t('check.resultLabel')} aria-live="polite" className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-muted/30 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 flex-1 truncate font-mono text-sm text-brand-soft" title={shortUrl}>
          {shortUrl}
        </p>
        <CopyButton text={shortUrl} texts={copyTexts} label={t('links:common.copyLabel', { text: shortUrl })} size="sm" className="shrink-0" />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted-foreground">{t('check.originalUrl')}</dt>
        <dd className="min-w-0">
          {link.url === null ? (
            <span className="text-muted-foreground">{t('check.urlHidden')}</span>
          ) : (
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-center gap-1.5 break-all text-foreground underline-offset-4 hover:underline"
            >
              <span className="min-w-0 break-all">{link.url}</span>
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            </a>
          )}
        </dd>
        <dt className="text-muted-foreground">{t('links:common.clicks')}</dt>
        <dd data-testid="check-clicks" className="font-semibold tabular-nums">
          {formatCount(link.clicks)}
        </dd>
        <dt className="text-muted-foreground">{t('links:common.created')}</dt>
        <dd>
          <time dateTime={link.createdAt}>{formatDateTime(link.createdAt)}</time>
        </dd>
      </dl>
    </section>
  );
}
