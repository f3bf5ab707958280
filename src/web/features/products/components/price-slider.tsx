import { useEffect, useState } from 'react';
import { PRICE_SLIDER_STEP, priceSliderRange } from '#shared/products.ts';
import { useTranslation } from 'react-i18next';
import { Label } from '#web/components/ui/label.tsx';

/**
 * "Maximum price": a range from the floor of the lowest price to the ceiling of the highest
 * (SPEC §9), starting at the top (no limit). Moves are sent once the slider rests for 300 ms.
 */
export function PriceSlider({
  id,
  facets,
  value,
  onChange,
}: {
  id: string;
  facets: { minCents: number | null; maxCents: number | null } | undefined;
  /** Whole dollars; undefined = the maximum. */
  value: number | undefined;
  onChange: (maxPrice: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation('products');
  const dollars = (value: number) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
  const range = priceSliderRange(facets?.minCents, facets?.maxCents);
  // The browser only allows min + n·step, so the top is rounded up to a reachable value; it means "no limit".
  const top = range.min + Math.ceil((range.max - range.min) / PRICE_SLIDER_STEP) * PRICE_SLIDER_STEP;
  const current = value === undefined ? top : Math.min(Math.max(value, range.min), top);
  const [draft, setDraft] = useState(current);
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    setDraft(current);
  }

  useEffect(() => {
    if (draft === current) return;
    const timer = setTimeout(() => onChange(draft >= top ? undefined : draft), 300);
    return () => clearTimeout(timer);
  }, [draft, current, top, onChange]);

  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{t('price.label')}</Label>
        <output htmlFor={id} className="text-sm font-medium tabular-nums text-brand-soft">
          {t('price.upTo', { amount: dollars(draft >= top ? range.max : draft) })}
        </output>
      </div>
      <input
        id={id}
        name="maxPrice"
        type="range"
        min={range.min}
        max={top}
        step={PRICE_SLIDER_STEP}
        value={draft}
        disabled={!facets}
        aria-valuetext={draft >= top ? t('price.any', { amount: dollars(range.max) }) : t('price.upTo', { amount: dollars(draft) })}
        onChange={(event) => setDraft(Number(event.target.value))}
        className="w-full cursor-pointer accent-violet-500 disabled:cursor-not-allowed"
      />
      <div className="flex justify-between text-xs text-muted-foreground tabular-nums" aria-hidden="true">
        <span>{dollars(range.min)}</span>
        <span>{dollars(range.max)}</span>
      </div>
    </div>
  );
}
