import { Ban } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeDomain } from '#shared/links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useBlockDomain } from '../api/block-domain.ts';

/** Blocks a domain for ZerriLink (an address is reduced to its domain); on /admin/blocked-domains and /admin/links. */
export function BlockDomainForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const inputId = `${id}-domain`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const blockDomain = useBlockDomain();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blockDomain.isPending) return;
    const domain = value.trim() ? normalizeDomain(value) : undefined;
    if (!domain) {
      setError(value.trim() ? t('server.domainInvalid') : t('blocked.required'));
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    try {
      const result = await blockDomain.mutateAsync(domain);
      setValue('');
      showToast({ title: t('blocked.blockedTitle'), description: t('blocked.blockedText', { domain: result.domain }), variant: 'success' });
    } catch (failure) {
      const message = localizeError(failure, 'admin', t('blocked.unexpected'));
      setError(message);
      showToast({ title: t('blocked.error'), description: message, variant: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('blocked.formTitle')}>
      <fieldset disabled={blockDomain.isPending} className="min-w-0 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField id={inputId} label={t('blocked.domain')} error={error} hint={t('blocked.hint')} className="flex-1">
          <Input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            placeholder="spam.example"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            {...fieldAria(inputId, error)}
          />
        </FormField>
        <Button type="submit" variant="destructive" className="sm:mb-6">
          {blockDomain.isPending ? (
            <>
              <Spinner className="text-white" /> {t('blocked.blocking')}
            </>
          ) : (
            <>
              <Ban aria-hidden="true" /> {t('blocked.block')}
            </>
          )}
        </Button>
      </fieldset>
    </form>
  );
}
