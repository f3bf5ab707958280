import { ArrowDownToLine, ArrowUpToLine, Bold, Italic, Layers, SlidersHorizontal, Trash2, Underline } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_FAMILIES, RANGES, TEXT_ALIGNS, type DesignElement } from '#shared/designs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { i18n } from '#web/lib/i18n.ts';
import { cn } from '#web/lib/utils.ts';
import { useElementNames } from '../utils/element-names.ts';
import { ColorField } from './color-field.tsx';
import type { ElementPatch } from './design-canvas.tsx';
import { NumberField } from './number-field.tsx';

interface PropertiesPanelProps {
  elements: DesignElement[];
  selected: DesignElement | undefined;
  /** `key` names the property, so quick repeated edits of it are one undo step. */
  onChange: (patch: ElementPatch, key: string) => void;
  onSelect: (id: string) => void;
  onDelete: () => void;
  onReorder: (direction: 1 | -1) => void;
}

const toggleClass = (pressed: boolean) =>
  cn('h-9 min-w-9 px-2.5', pressed && 'border-brand-soft bg-accent text-accent-foreground hover:bg-accent');

/** Every property of SPEC §3 for the selected element, the arrange actions and a list of all layers. */
export function PropertiesPanel({ elements, selected, onChange, onSelect, onDelete, onReorder }: PropertiesPanelProps) {
  const { t } = useTranslation('designs');
  const { typeLabel, elementName } = useElementNames();
  const alignLabel = (align: (typeof TEXT_ALIGNS)[number]) =>
    align === 'left' ? t('properties.alignLeft') : align === 'center' ? t('properties.alignCenter') : t('properties.alignRight');
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const index = selected ? elements.indexOf(selected) : -1;

  return (
    <section aria-labelledby={`${id}-title`} className="grid content-start gap-4 rounded-xl border border-border bg-card p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <SlidersHorizontal aria-hidden="true" className="size-4 text-brand-soft" /> {t('properties.title')}
      </h2>

      {!selected ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          {t('properties.nothingSelected')}
        </p>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm font-medium text-brand-soft" aria-live="polite">
            {t('properties.selected', { type: typeLabel(selected.type) })}
          </p>

          {selected.type === 'text' ? (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor={field('text')}>{t('types.text')}</Label>
                <textarea
                  id={field('text')}
                  value={selected.text}
                  maxLength={2000}
                  rows={3}
                  onChange={(event) => onChange({ text: event.target.value }, 'text')}
                  className="w-full resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
                />
              </div>
              <div className="grid grid-cols-2 gap-3">
                <NumberField id={field('font-size')} label={t('properties.fontSize')} value={selected.fontSize} range={RANGES.fontSize} onChange={(value) => onChange({ fontSize: value }, 'fontSize')} />
                <ColorField id={field('color')} label={t('properties.textColor')} value={selected.color} onChange={(value) => onChange({ color: value }, 'color')} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={field('font-family')}>{t('properties.fontFamily')}</Label>
                <select
                  id={field('font-family')}
                  value={selected.fontFamily}
                  onChange={(event) => onChange({ fontFamily: event.target.value }, 'fontFamily')}
                  className="h-9 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
                >
                  {FONT_FAMILIES.map((family) => (
                    <option key={family} value={family}>
                      {family}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1.5">
                <span id={field('align')} className="text-sm font-medium">
                  {t('properties.alignment')}
                </span>
                <div role="group" aria-labelledby={field('align')} className="flex gap-1.5">
                  {TEXT_ALIGNS.map((align) => (
                    <Button
                      key={align}
                      variant="outline"
                      size="sm"
                      aria-pressed={selected.textAlign === align}
                      className={cn(toggleClass(selected.textAlign === align), 'flex-1')}
                      onClick={() => onChange({ textAlign: align }, 'textAlign')}
                    >
                      {alignLabel(align)}
                    </Button>
                  ))}
                </div>
              </div>
              <div className="grid gap-1.5">
                <span id={field('style')} className="text-sm font-medium">
                  {t('properties.style')}
                </span>
                <div role="group" aria-labelledby={field('style')} className="flex gap-1.5">
                  {(
                    [
                      ['bold', t('properties.bold'), Bold],
                      ['italic', t('properties.italic'), Italic],
                      ['underline', t('properties.underline'), Underline],
                    ] as const
                  ).map(([key, label, Icon]) => (
                    <Button
                      key={key}
                      variant="outline"
                      size="sm"
                      aria-pressed={selected[key]}
                      aria-label={label}
                      title={label}
                      className={toggleClass(selected[key])}
                      onClick={() => onChange({ [key]: !selected[key] }, key)}
                    >
                      <Icon aria-hidden="true" />
                    </Button>
                  ))}
                </div>
              </div>
            </>
          ) : null}

          {selected.type === 'rectangle' || selected.type === 'circle' ? (
            <div className="grid grid-cols-2 gap-3">
              <ColorField id={field('fill')} label={t('properties.fillColor')} value={selected.fillColor} onChange={(value) => onChange({ fillColor: value }, 'fillColor')} />
              <ColorField id={field('stroke')} label={t('properties.strokeColor')} value={selected.strokeColor} onChange={(value) => onChange({ strokeColor: value }, 'strokeColor')} />
              <NumberField
                id={field('stroke-width')}
                label={t('properties.strokeWidth')}
                value={selected.strokeWidth}
                range={selected.type === 'rectangle' ? RANGES.rectangleStrokeWidth : RANGES.circleStrokeWidth}
                onChange={(value) => onChange({ strokeWidth: value }, 'strokeWidth')}
              />
              {selected.type === 'rectangle' ? (
                <NumberField
                  id={field('corner-radius')}
                  label={t('properties.cornerRadius')}
                  value={selected.cornerRadius}
                  range={RANGES.cornerRadius}
                  onChange={(value) => onChange({ cornerRadius: value }, 'cornerRadius')}
                />
              ) : null}
            </div>
          ) : null}

          {selected.type === 'line' ? (
            <div className="grid grid-cols-2 gap-3">
              <ColorField id={field('stroke')} label={t('properties.strokeColor')} value={selected.strokeColor} onChange={(value) => onChange({ strokeColor: value }, 'strokeColor')} />
              <NumberField
                id={field('stroke-width')}
                label={t('properties.strokeWidth')}
                value={selected.strokeWidth}
                range={RANGES.lineStrokeWidth}
                onChange={(value) => onChange({ strokeWidth: value }, 'strokeWidth')}
              />
            </div>
          ) : null}

          <div className="grid gap-1.5">
            <div className="flex items-center justify-between">
              <Label htmlFor={field('opacity')}>{t('properties.opacity')}</Label>
              <output htmlFor={field('opacity')} className="text-xs tabular-nums text-muted-foreground">
                {selected.opacity.toLocaleString(i18n.language, { style: 'percent' })}
              </output>
            </div>
            <input
              id={field('opacity')}
              type="range"
              min={RANGES.opacity.min}
              max={RANGES.opacity.max}
              step={RANGES.opacity.step}
              value={selected.opacity}
              onChange={(event) => onChange({ opacity: Math.round(Number(event.target.value) * 10) / 10 }, 'opacity')}
              className="w-full cursor-pointer accent-violet-500"
            />
          </div>

          <div className="grid gap-1.5">
            <span className="text-sm font-medium">{t('properties.arrange')}</span>
            <div className="flex flex-wrap gap-1.5">
              <Button variant="outline" size="sm" onClick={() => onReorder(1)} disabled={index === elements.length - 1}>
                <ArrowUpToLine aria-hidden="true" /> {t('properties.bringForward')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => onReorder(-1)} disabled={index <= 0}>
                <ArrowDownToLine aria-hidden="true" /> {t('properties.sendBack')}
              </Button>
              <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" onClick={onDelete}>
                <Trash2 aria-hidden="true" /> {t('properties.deleteElement')}
              </Button>
            </div>
          </div>
        </div>
      )}

      <div className="grid gap-2 border-t border-border pt-4">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <Layers aria-hidden="true" className="size-4 text-brand-soft" /> {t('layers.title')}
        </h3>
        {elements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('layers.empty')}</p>
        ) : (
          <ul className="grid max-h-56 gap-1 overflow-y-auto" aria-label={t('layers.listLabel')}>
            {[...elements].reverse().map((element) => (
              <li key={element.id}>
                <button
                  type="button"
                  aria-pressed={element.id === selected?.id}
                  onClick={() => onSelect(element.id)}
                  className={cn(
                    'w-full cursor-pointer truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    element.id === selected?.id ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                  )}
                >
                  {elementName(element, elements)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
