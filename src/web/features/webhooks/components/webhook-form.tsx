import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { webhookEndpointInputSchema, type WebhookEndpointInput } from '#shared/webhooks-api.ts';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGE_PARAMS, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX, webhookUrlProblem } from '#shared/webhooks.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { EventPicker } from './event-picker.tsx';

// The server's schema, and in the browser already the URL's form (https in production is the server's call).
const webhookFormSchema = webhookEndpointInputSchema.extend({
  url: webhookEndpointInputSchema.shape.url.refine((url) => !webhookUrlProblem(url, false), WEBHOOK_MESSAGES.urlInvalid),
});
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

/** Server refusals that are about the URL, shown under its field. */
const URL_CODES = new Set(['webhook_url_invalid', 'webhook_https_required']);

/**
 * An endpoint's URL, description and events, for adding one and for editing one. `onSubmit` throws
 * when the server refuses; its message is shown under the URL or above the button.
 */
export function WebhookForm({
  defaultValues = { url: '', description: '', events: [] },
  formLabel,
  submitLabel,
  pendingLabel,
  actions,
  onSubmit,
}: {
  defaultValues?: WebhookEndpointInput;
  formLabel: string;
  submitLabel: ReactNode;
  pendingLabel: string;
  /** Beside the submit button (the edit dialog's Cancel). */
  actions?: ReactNode;
  onSubmit: (values: WebhookFormValues) => Promise<void>;
}) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WebhookEndpointInput, unknown, WebhookFormValues>({ resolver: zodResolver(webhookFormSchema), reValidateMode: 'onSubmit', defaultValues });
  const urlError = fieldMessage(errors.url?.message, 'webhooks', WEBHOOK_MESSAGES, WEBHOOK_MESSAGE_PARAMS);
  const descriptionError = fieldMessage(errors.description?.message, 'webhooks', WEBHOOK_MESSAGES, WEBHOOK_MESSAGE_PARAMS);
  const eventsError = fieldMessage(errors.events?.message, 'webhooks', WEBHOOK_MESSAGES, WEBHOOK_MESSAGE_PARAMS);
  const serverError = errors.root?.server?.message;

  const submit = async (values: WebhookFormValues) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      const message = localizeError(failure, 'webhooks', t('common.unexpected'));
      if (isApiError(failure) && URL_CODES.has(failure.code)) setError('url', { message }, { shouldFocus: true });
      else setError('root.server', { message });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={formLabel}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-url`} label={t('form.urlLabel')} error={urlError} hint={t('form.urlHint')}>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={WEBHOOK_URL_MAX}
              placeholder={t('form.urlPlaceholder')}
              {...fieldAria(`${id}-url`, urlError)}
              {...register('url')}
            />
          </FormField>
          <FormField id={`${id}-description`} label={t('form.descriptionLabel')} error={descriptionError}>
            <Input
              id={`${id}-description`}
              autoComplete="off"
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              placeholder={t('form.descriptionPlaceholder')}
              {...fieldAria(`${id}-description`, descriptionError)}
              {...register('description')}
            />
          </FormField>
        </div>
        <Controller
          control={control}
          name="events"
          render={({ field }) => <EventPicker id={`${id}-events`} value={field.value} onChange={field.onChange} error={eventsError} focusRef={field.ref} />}
        />
        {serverError ? (
          <p role="alert" className="text-sm text-red-400">
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {actions}
          <SubmitButton pending={isSubmitting} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
