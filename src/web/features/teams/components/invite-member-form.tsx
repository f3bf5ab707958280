import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inviteSchema, TEAM_MESSAGES, type InviteInput } from '#shared/teams.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useInviteMember } from '../api/invite-member.ts';

/** Invites a teammate by e-mail; the server mails them the accept link. */
export function InviteMemberForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('teams');
  const id = useId();
  const inputId = `${id}-email`;
  const invite = useInviteMember();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), reValidateMode: 'onSubmit', defaultValues: { email: '' } });
  const error = fieldMessage(errors.email?.message, 'teams', TEAM_MESSAGES);

  const onSubmit = async ({ email }: InviteInput) => {
    try {
      await invite.mutateAsync(email);
      reset();
      showToast({ title: t('invite.sentTitle'), description: t('invite.sent', { email }), variant: 'success' });
    } catch (failure) {
      setError('email', { message: localizeError(failure, 'teams', t('common.unexpected')) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('invite.formLabel')}>
      <fieldset disabled={disabled || isSubmitting} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id={inputId} label={t('invite.emailLabel')} error={error} hint={t('invite.emailHint')} className="flex-1">
          <Input id={inputId} type="email" autoComplete="off" placeholder={t('invite.emailPlaceholder')} {...fieldAria(inputId, error)} {...register('email')} />
        </FormField>
        <SubmitButton pending={isSubmitting} pendingLabel={t('invite.sending')} className="sm:mt-7">
          <UserPlus aria-hidden="true" /> {t('invite.submit')}
        </SubmitButton>
      </fieldset>
    </form>
  );
}
