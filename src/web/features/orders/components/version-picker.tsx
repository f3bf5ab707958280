import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import type { ProductVersion } from '#shared/products-api.ts';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { chosenVersion, useVersionChoices, versionChoices } from '#web/lib/price-choices.ts';

/**
 * Product versions on the product page: one radio per version with its name, price and description,
 * the first chosen until the buyer picks another; the choice is kept for the cart and checkout.
 */
export function VersionPicker({
  productId,
  versions,
  payWhatYouWant,
  currency,
}: {
  productId: string;
  versions: ProductVersion[];
  payWhatYouWant: boolean;
  currency: Currency;
}) {
  const { t } = useTranslation('orders');
  const id = useId();
  const chosen = chosenVersion({ id: productId, versions }, useVersionChoices());
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{t('versions.choose')}</legend>
      <RadioGroup value={chosen?.id} onValueChange={(value) => versionChoices.set(productId, value)} className="gap-2">
        {versions.map((version) => {
          const price = formatMoney(version.priceCents, currency);
          return (
            <label
              key={version.id}
              htmlFor={`${id}-${version.id}`}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60"
            >
              <RadioGroupItem
                id={`${id}-${version.id}`}
                value={version.id}
                className="mt-1"
                aria-describedby={version.description ? `${id}-${version.id}-about` : undefined}
                data-takeover={`version:${version.id}`}
              />
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium break-words">{version.name}</span>
                  <span className="font-semibold tabular-nums">{payWhatYouWant ? t('versions.atLeast', { price }) : price}</span>
                </span>
                {version.description ? (
                  <span id={`${id}-${version.id}-about`} className="text-sm break-words text-muted-foreground">
                    {version.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}
