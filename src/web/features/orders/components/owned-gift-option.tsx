import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { giftChoices } from '../utils/gift-choices.ts';

/** Under a cart line the buyer already owns: the note, "This is a gift" and the recipient's e-mail. */
export function OwnedGiftOption({ productId, email, error }: { productId: string; email: string | undefined; error?: string }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const isGift = email !== undefined;
  return (
    <div className="grid gap-3 rounded-md border border-border bg-muted/40 p-3 text-sm" data-testid="owned-gift-option">
      <p className="font-medium">{t('owned.note')}</p>
      <label className="flex w-fit items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-violet-500"
          checked={isGift}
          onChange={(event) => giftChoices.set(productId, event.target.checked ? '' : null)}
        />
        {t('owned.isGift')}
      </label>
      {isGift ? (
        <FormField id={`${id}-email`} label={t('owned.recipient')} error={error} hint={t('owned.recipientHint')}>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => giftChoices.set(productId, event.target.value)}
            {...fieldAria(`${id}-email`, error)}
          />
        </FormField>
      ) : null}
    </div>
  );
}
