import { MessageSquare, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, contactCreatorSchema } from '#shared/products-contact.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { issuesByPath } from '#web/lib/form-errors.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useContactCreator } from '../api/contact-creator.ts';

type Field = 'name' | 'email' | 'message';

/** Contact Creator: name, e-mail (prefilled when signed in) and a message, mailed to the creator. */
export function ContactCreatorDialog({ productId, creatorName }: { productId: string; creatorName: string }) {
  const { t } = useTranslation('store');
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useContactCreator();

  const onOpenChange = (next: boolean) => {
    if (send.isPending) return;
    if (next) {
      // Signed-in visitors write as themselves; what was typed before stays.
      setValues((current) => ({ ...current, name: current.name || user?.name || '', email: current.email || user?.email || '' }));
      setErrors({});
      send.reset();
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = contactCreatorSchema.safeParse(values);
    if (!parsed.success) {
      const found = issuesByPath(parsed.error.issues);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, localizeMessage(message, 'store')])));
      const first = (['name', 'email', 'message'] as const).find((field) => found[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    send.mutate(
      { productId, ...parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          setValues((current) => ({ ...current, message: '' }));
          showToast({ title: t('contact.sentTitle'), description: t('contact.sent', { name: creatorName }), variant: 'success' });
        },
      },
    );
  };

  const field = (name: Field) => ({
    id: fieldId(name),
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      // An error goes once its field is edited.
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    ...fieldAria(fieldId(name), errors[name]),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="lg" variant="outline">
          <MessageSquare aria-hidden="true" /> {t('product.contactCreator')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>{t('contact.title', { name: creatorName })}</DialogTitle>
        <DialogDescription>{t('contact.description')}</DialogDescription>
        <form noValidate onSubmit={onSubmit} aria-label={t('product.contactCreator')} className="mt-2">
          <fieldset disabled={send.isPending} className="grid min-w-0 gap-4">
            <FormField id={fieldId('name')} label={t('contact.name')} error={errors.name}>
              <Input autoComplete="name" {...field('name')} />
            </FormField>
            <FormField id={fieldId('email')} label={t('contact.email')} error={errors.email} hint={t('contact.emailHint')}>
              <Input type="email" autoComplete="email" {...field('email')} />
            </FormField>
            <FormField id={fieldId('message')} label={t('contact.message')} error={errors.message}>
              <Textarea rows={5} maxLength={CONTACT_MESSAGE_MAX} {...field('message')} />
            </FormField>
            {send.isError ? <Notice variant="error">{localizeError(send.error, 'store', t('contact.failed'))}</Notice> : null}
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
