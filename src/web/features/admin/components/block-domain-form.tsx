import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BLOCKED_DOMAIN_MESSAGES, blockDomainSchema, type BlockDomain, type BlockDomainInput } from '#shared/links-blocked-domains.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useBlockDomain } from '../api/block-domain.ts';

/** Blocks a domain for ZerriLink (an address is reduced to its domain); on /admin/blocked-domains and /admin/links. */
export function BlockDomainForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const inputId = `${id}-domain`;
  const blockDomain = useBlockDomain();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BlockDomainInput, unknown, BlockDomain>({
    resolver: zodResolver(blockDomainSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { domain: '' },
  });
  const message = errors.domain?.message;
  const error = message === BLOCKED_DOMAIN_MESSAGES.required ? t('blocked.required') : fieldMessage(message, 'admin', BLOCKED_DOMAIN_MESSAGES);

  const onSubmit = async ({ domain }: BlockDomain) => {
    try {
      const result = await blockDomain.mutateAsync(domain);
      reset();
      showToast({ title: t('blocked.blockedTitle'), description: t('blocked.blockedText', { domain: result.domain }), variant: 'success' });
    } catch (failure) {
      const text = localizeError(failure, 'admin', t('blocked.unexpected'));
      setError('domain', { message: text });
      showToast({ title: t('blocked.error'), description: text, variant: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('blocked.formTitle')}>
      <fieldset disabled={isSubmitting} className="min-w-0 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField id={inputId} label={t('blocked.domain')} error={error} hint={t('blocked.hint')} className="flex-1">
          <Input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            placeholder="spam.example"
            {...fieldAria(inputId, error)}
            {...register('domain')}
          />
        </FormField>
        <Button type="submit" variant="destructive" className="sm:mb-6">
          {isSubmitting ? (
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
