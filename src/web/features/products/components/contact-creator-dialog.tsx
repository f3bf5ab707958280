import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGES, contactCreatorSchema, type ContactCreatorInput } from '#shared/products-contact.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useContactCreator } from '../api/contact-creator.ts';

type Field = 'name' | 'email' | 'message';

/** Contact Creator: name, e-mail (prefilled when signed in) and a message, mailed to the creator. */
export function ContactCreatorDialog({ productId, creatorName }: { productId: string; creatorName: string }) {
  const { t } = useTranslation('products');
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const send = useContactCreator();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<Record<Field, string>, unknown, ContactCreatorInput>({
    // The schema takes any value (a missing field gets its own message); the form holds strings.
    resolver: zodResolver(contactCreatorSchema) as Resolver<Record<Field, string>, unknown, ContactCreatorInput>,
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', email: '', message: '' },
  });
  const errorOf = (name: Field) => fieldMessage(errors[name]?.message, 'products', CONTACT_MESSAGES);

  const onOpenChange = (next: boolean) => {
    if (send.isPending) return;
    if (next) {
      // Signed-in visitors write as themselves; what was typed before stays.
      const current = getValues();
      reset({ ...current, name: current.name || user?.name || '', email: current.email || user?.email || '' });
      send.reset();
    }
    setOpen(next);
  };

  const onSubmit = (input: ContactCreatorInput) => {
    send.mutate(
      { productId, ...input },
      {
        onSuccess: () => {
          setOpen(false);
          setValue('message', '');
          showToast({ title: t('contact.sentTitle'), description: t('contact.sent', { name: creatorName }), variant: 'success' });
        },
      },
    );
  };

  const field = (name: Field) => ({
    id: fieldId(name),
    ...fieldAria(fieldId(name), errorOf(name)),
    // An error goes once its field is edited.
    ...register(name, { onChange: () => clearErrors(name) }),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="lg" variant="outline" data-takeover="contact-creator">
          <MessageSquare aria-hidden="true" /> {t('product.contactCreator')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>{t('contact.title', { name: creatorName })}</DialogTitle>
        <DialogDescription>{t('contact.description')}</DialogDescription>
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('product.contactCreator')} className="mt-2">
          <fieldset disabled={send.isPending} className="grid min-w-0 gap-4">
            <FormField id={fieldId('name')} label={t('contact.name')} error={errorOf('name')}>
              <Input autoComplete="name" {...field('name')} />
            </FormField>
            <FormField id={fieldId('email')} label={t('contact.email')} error={errorOf('email')} hint={t('contact.emailHint')}>
              <Input type="email" autoComplete="email" {...field('email')} />
            </FormField>
            <FormField id={fieldId('message')} label={t('contact.message')} error={errorOf('message')}>
              <Textarea rows={5} maxLength={CONTACT_MESSAGE_MAX} {...field('message')} />
            </FormField>
            {send.isError ? <Notice variant="error">{localizeError(send.error, 'products', t('contact.failed'))}</Notice> : null}
            <div className="flex justify-end">
              <SubmitButton pending={send.isPending} pendingLabel={t('contact.sending')}>
                <Send aria-hidden="true" /> {t('contact.send')}
              </SubmitButton>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
