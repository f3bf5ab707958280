import { Globe } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { domainFormSchema, type DomainPurpose } from '#shared/domains.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { cn } from '#web/lib/utils.ts';
import { useAddDomain } from '../api/domains.ts';

/** Server refusals about the name itself, shown under its field. */
const HOSTNAME_CODES = new Set(['invalid', 'domain_taken', 'domain_own_host']);

/** A domain name and what it is for; the new domain then shows its DNS records in the list. */
export function AddDomainForm() {
  const { t } = useTranslation('domains');
  const id = useId();
  const add = useAddDomain();
  const [hostname, setHostname] = useState('');
  const [purpose, setPurpose] = useState<DomainPurpose>('storefront');
  const [errors, setErrors] = useState<{ hostname?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = domainFormSchema.safeParse({ hostname, purpose });
    if (!parsed.success) {
      setErrors({ hostname: t('errors.invalid') });
      document.getElementById(`${id}-hostname`)?.focus();
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(parsed.data);
      setHostname('');
    } catch (failure) {
      const message = localizeError(failure, 'domains', t('common.unexpected'));
      setErrors(isApiError(failure) && HOSTNAME_CODES.has(failure.code) ? { hostname: message } : { form: message });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('add.formLabel')}>
      <fieldset disabled={add.isPending} className="grid min-w-0 gap-5">
        <FormField id={`${id}-hostname`} label={t('add.hostnameLabel')} error={errors.hostname} hint={t('add.hostnameHint')}>
          <Input
            id={`${id}-hostname`}
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={300}
            placeholder={t('add.hostnamePlaceholder')}
            value={hostname}
            onChange={(event) => setHostname(event.target.value)}
            {...fieldAria(`${id}-hostname`, errors.hostname)}
          />
        </FormField>
        <div className="grid gap-3">
          <p id={`${id}-purpose`} className="text-sm font-medium">
            {t('add.purposeLegend')}
          </p>
          <div role="radiogroup" aria-labelledby={`${id}-purpose`} className="grid gap-2 sm:grid-cols-2">
            {(['storefront', 'links'] as const).map((value) => (
              <Label
                key={value}
                htmlFor={`${id}-${value}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-muted/30 p-3 leading-snug transition-colors hover:bg-accent/60',
                  purpose === value && 'border-primary/70 bg-primary/10',
                )}
              >
                <input
                  type="radio"
                  id={`${id}-${value}`}
                  name={`${id}-purpose`}
                  value={value}
                  checked={purpose === value}
                  onChange={() => setPurpose(value)}
                  className="mt-0.5 size-4 shrink-0 cursor-pointer appearance-none rounded-full border border-muted-foreground transition-colors checked:border-primary checked:bg-[radial-gradient(circle,var(--color-primary)_0.25rem,transparent_calc(0.25rem+0.5px))] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
                />
                <span className="grid gap-1">
                  <span>{t(`add.${value}`)}</span>
                  <span className="text-xs font-normal text-muted-foreground">{t(`add.${value}Hint`)}</span>
                </span>
              </Label>
            ))}
          </div>
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-400">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end">
          <SubmitButton pending={add.isPending} pendingLabel={t('add.adding')}>
            <Globe aria-hidden="true" /> {t('add.submit')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
