import { ChevronDown, Link2, Wand2 } from 'lucide-react';
import { type ComponentType, type FormEvent, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCustomCode, validateTargetUrl } from '#shared/links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { localizeCoded, localizeError } from '#web/lib/server-message.ts';
import { useSite } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useCreateLink } from '../api/create-link.ts';
import type { ShortLink } from '../api/types.ts';
import { shortUrlOf } from '../utils/link-code.ts';
import { DomainOptions } from './domain-options.tsx';
import { useLinkDomains } from '../api/link-domains.ts';
import { selectClass } from '#web/components/ui/select.ts';
import { Notice } from '#web/components/notice.tsx';
import { ShortLinkResult } from './short-link-result.tsx';
import type { CreateSettingsHandle } from './create-link-settings.tsx';

type Mode = 'random' | 'custom';

interface FormErrors {
  url?: string;
  code?: string;
  domain?: string;
  form?: string;
}

// Server error codes by the field they belong to (see validateTargetUrl and checkCustomCode).
const CODE_ERRORS = new Set(['custom_code_required', 'code_characters', 'code_length', 'code_reserved', 'code_taken']);
const URL_ERRORS = new Set(['url_required', 'url_too_long', 'url_scheme', 'url_invalid', 'link_loop', 'domain_blocked', 'validation_failed']);

/** Which field a server error belongs to (the rest show above the button), in the interface language. */
function errorsFromServer(error: unknown, unexpected: string): FormErrors {
  if (!(error instanceof ApiError)) return { form: unexpected };
  const message = localizeError(error, 'links', unexpected);
  if (CODE_ERRORS.has(error.code)) return { code: message };
  if (URL_ERRORS.has(error.code)) return { url: message };
  if (error.code === 'link_domain_unavailable') return { domain: message };
  return { form: message };
}

/**
 * SPEC "Link shortener screens": a URL, random alias (default) or custom code, 'Shortening...' while it
 * works; then the form clears and the full short URL shows with Copy and Open.
 * `compact` is the home page embed: the URL and the button on one line, random aliases only.
 */
export function ShortenForm({
  compact = false,
  settings: Settings,
  className,
}: {
  compact?: boolean;
  /**
   * The dashboard's settings behind "More options" (create-link-settings.tsx), given by the page so
   * the home page's form loads no form library and no dashboard strings.
   */
  settings?: ComponentType<{ handle: Ref<CreateSettingsHandle> }>;
  className?: string;
}) {
  const { t } = useTranslation('links');
  const id = useId();
  const urlId = `${id}-url`;
  const codeId = `${id}-code`;
  const domainId = `${id}-domain`;
  const modeLabelId = `${id}-mode`;
  const { data: site } = useSite();
  const createLink = useCreateLink();
  const [created, setCreated] = useState<ShortLink | null>(null);
  const submitting = createLink.isPending;
  const [mode, setMode] = useState<Mode>('random');
  /** The custom code field is shown (the embed has random aliases only). */
  const customCode = mode === 'custom' && !compact;
  const [fields, setFields] = useState({ url: '', code: '' });
  // Shown until the next submit, which checks the form again.
  const [errors, setErrors] = useState<FormErrors>({});
  const urlRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The dashboard's form: every setting an edit can change, behind "More options".
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsRef = useRef<CreateSettingsHandle>(null);
  const withSettings = !!Settings && !compact;
  const showSettings = withSettings && settingsOpen;
  // The dashboard's form: the link may live on one of the account's verified links domains ('' : this site).
  const domains = useLinkDomains({ enabled: withSettings });
  const [domain, setDomain] = useState('');
  const chosenDomain = withSettings && domains.includes(domain) ? domain : '';

  const showError = (message: string | undefined) => {
    if (message) showToast({ title: t('shorten.errorTitle'), description: message, variant: 'error' });
  };

  /** Shows the problems, focuses the field refused and names its problem in a toast. */
  const fail = (next: FormErrors) => {
    setErrors(next);
    (next.url ? urlRef : next.code ? codeRef : undefined)?.current?.focus();
    showError(next.url ?? next.code ?? next.form);
  };

  /** The shared checks, one problem at a time: the URL, then (with a valid URL) the custom code. */
  const check = (): FormErrors => {
    const target = validateTargetUrl(fields.url);
    if (!target.ok) return { url: localizeCoded(target, 'links') };
    const problem = customCode ? checkCustomCode(fields.code.trim(), chosenDomain !== '') : undefined;
    return problem === undefined ? {} : { code: localizeCoded(problem, 'links') };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = check();
    if (invalid.url || invalid.code) return fail(invalid);
    const settings = showSettings ? settingsRef.current : null;
    const checked = settings ? await settings.check() : undefined;
    if (checked && 'problem' in checked) return showError(checked.problem);
    setErrors({});
    if (submitting) return;
    try {
      const link = await createLink.mutateAsync({
        url: fields.url.trim(),
        ...(customCode ? { code: fields.code.trim() } : {}),
        ...(chosenDomain ? { domain: chosenDomain } : {}),
        ...(checked ? checked.settings : {}),
      });
      setCreated(link);
      setFields({ url: '', code: '' });
      settings?.reset();
    } catch (error) {
      if (settings && error instanceof ApiError) {
        const message = localizeError(error, 'links', t('shorten.unexpected'));
        if (settings.showServerError(error.code, message)) return showError(message);
      }
      fail(errorsFromServer(error, t('shorten.unexpected')));
    }
  };

  const buttonLabel = submitting ? (
    <>
      <Spinner className="text-primary-foreground" /> {t('shorten.shortening')}
    </>
  ) : (
    <>
      <Wand2 aria-hidden="true" /> {t('shorten.submit')}
    </>
  );

  const urlInput = (
    <Input
      id={urlId}
      type="url"
      inputMode="url"
      autoComplete="url"
      placeholder={t('shorten.urlPlaceholder')}
      ref={urlRef}
      name="url"
      value={fields.url}
      onChange={(event) => setFields({ ...fields, url: event.target.value })}
      {...fieldAria(urlId, errors.url)}
    />
  );

  const result = created ? <ShortLinkResult link={created} shortUrl={created.shortUrl || shortUrlOf(created.code, site?.publicUrl)} /> : null;

  if (compact) {
    return (
      <div className={cn('grid grid-cols-1 gap-4', className)}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('shorten.compactFormLabel')}>
          <fieldset disabled={submitting} className="min-w-0 flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField id={urlId} label={t('shorten.compactUrlLabel')} error={errors.url} className="min-w-0 flex-1 text-left">
              {urlInput}
            </FormField>
            {/* data-takeover: the home page the server writes has this button too (site/server-page-home.ts). */}
            <Button type="submit" size="lg" className={cn('sm:w-40', errors.url && 'sm:mb-7')} data-takeover="shorten">
              {buttonLabel}
            </Button>
          </fieldset>
          {errors.form ? (
            <Notice variant="error" className="mt-3 text-left">
              {errors.form}
            </Notice>
          ) : null}
        </form>
        {result}
      </div>
    );
  }

  return (
    <div className={cn('grid grid-cols-1 gap-5', className)}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('shorten.formLabel')}>
        <fieldset disabled={submitting} className="min-w-0 grid gap-5">
          <FormField id={urlId} label={t('shorten.urlLabel')} error={errors.url}>
            {urlInput}
          </FormField>
          <div className="grid gap-3">
            <p id={modeLabelId} className="text-sm font-medium">
              {t('shorten.mode')}
            </p>
            {/* Two native radios (the arrow keys move between them and choose, as in any radio group), styled as before. */}
            <div role="radiogroup" aria-labelledby={modeLabelId} className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['random', t('shorten.random'), t('shorten.randomHint')],
                  ['custom', t('shorten.custom'), t('shorten.customHint')],
                ] as const
              ).map(([value, label, hint]) => (
                <Label
                  key={value}
                  htmlFor={`${id}-${value}`}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-muted/30 p-3 leading-snug transition-colors hover:bg-accent/60',
                    mode === value && 'border-primary/70 bg-primary/10',
                  )}
                >
                  <input
                    type="radio"
                    id={`${id}-${value}`}
                    name={`${id}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      setErrors({ ...errors, code: undefined });
                    }}
                    className="mt-0.5 size-4 shrink-0 cursor-pointer appearance-none rounded-full border border-muted-foreground transition-colors checked:border-primary checked:bg-[radial-gradient(circle,var(--color-primary)_0.25rem,transparent_calc(0.25rem+0.5px))] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
                  />
                  <span className="grid gap-1">
                    <span>{label}</span>
                    <span className="text-xs font-normal text-muted-foreground">{hint}</span>
                  </span>
                </Label>
              ))}
            </div>
          </div>
          {withSettings && domains.length > 0 ? (
            <FormField id={domainId} label={t('domain.label')} error={errors.domain} hint={t('domain.hint')}>
              <select
                id={domainId}
                className={selectClass}
                value={chosenDomain}
                onChange={(event) => {
                  setDomain(event.target.value);
                  setErrors({ ...errors, domain: undefined, code: undefined });
                }}
                {...fieldAria(domainId, errors.domain)}
              >
                <DomainOptions domains={domains} publicUrl={site?.publicUrl} />
              </select>
            </FormField>
          ) : null}
          {mode === 'custom' ? (
            <FormField id={codeId} label={t('shorten.codeLabel')} error={errors.code} hint={t('shorten.codeHint')}>
              <div className="flex items-stretch">
                <span
                  aria-hidden="true"
                  className="hidden max-w-[45%] items-center truncate rounded-l-lg border border-r-0 border-input bg-muted px-3 font-mono text-xs text-muted-foreground sm:flex"
                >
                  {chosenDomain ? `${chosenDomain}/` : shortUrlOf('', site?.publicUrl).replace(/^https?:\/\//, '')}
                </span>
                <Input
                  id={codeId}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t('shorten.codePlaceholder')}
                  ref={codeRef}
                  name="code"
                  value={fields.code}
                  onChange={(event) => setFields({ ...fields, code: event.target.value })}
                  className="font-mono sm:rounded-l-none"
                  {...fieldAria(codeId, errors.code)}
                />
              </div>
            </FormField>
          ) : null}
          {withSettings ? (
            <div className="grid gap-5">
              <Button
                type="button"
                variant="ghost"
                className="-ml-3 h-auto min-h-10 justify-self-start py-2 text-left whitespace-normal"
                aria-expanded={settingsOpen}
                aria-controls={`${id}-settings`}
                onClick={() => setSettingsOpen(!settingsOpen)}
              >
                <ChevronDown aria-hidden="true" className={cn('transition-transform', settingsOpen && 'rotate-180')} /> {t('shorten.moreOptions')}
              </Button>
              <div id={`${id}-settings`} hidden={!settingsOpen} className="grid gap-5">
                {settingsOpen && Settings ? <Settings handle={settingsRef} /> : null}
              </div>
            </div>
          ) : null}
          {errors.form ? <Notice variant="error">{errors.form}</Notice> : null}
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
            {buttonLabel}
          </Button>
        </fieldset>
      </form>
      {result}
    </div>
  );
}

/** The home page embed (SPEC §2 Home page, "URL shortener" section): an input, Shorten, and the result with Copy. */
export function HomeShortener() {
  const { t } = useTranslation('links');
  const titleId = useId();
  return (
    <div className="mx-auto max-w-3xl">
      <Card className="p-6 text-center sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <Link2 aria-hidden="true" className="size-6" />
        </span>
        <h2 id={titleId} className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          {t('home.text')}
        </p>
        <ShortenForm compact className="mt-6" />
      </Card>
    </div>
  );
}
