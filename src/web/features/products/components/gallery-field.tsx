import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { showToast } from '#web/lib/toast.ts';
import type { GalleryEntry } from '../api/types.ts';

/**
 * The product form's gallery: images after the cover, added with a file chooser, moved with Move
 * up / Move down and removed with buttons (no dragging needed); nothing is sent before Save.
 */
export function GalleryField({ id, value, onChange }: { id: string; value: GalleryEntry[]; onChange: (next: GalleryEntry[]) => void }) {
  const { t } = useTranslation('products');
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const full = value.length >= PRODUCT_IMAGES_MAX;

  // Previews of chosen files, revoked when they leave the form.
  const previews = useMemo(() => new Map(value.flatMap((entry) => (entry.kind === 'new' ? [[entry.key, URL.createObjectURL(entry.file)] as const] : []))), [value]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const problem = chosen.some((file) => !file.type.startsWith('image/'))
      ? t('errors.imageNotImage')
      : chosen.some((file) => file.size > PRODUCT_IMAGE_MAX_BYTES)
        ? t('errors.imageTooLarge')
        : value.length + chosen.length > PRODUCT_IMAGES_MAX
          ? t('errors.tooManyImages', { max: PRODUCT_IMAGES_MAX })
          : undefined;
    if (problem) {
      showToast({ title: t('form.invalidImageTitle'), description: problem, variant: 'error' });
      return;
    }
    onChange([...value, ...chosen.map((file) => ({ kind: 'new' as const, key: crypto.randomUUID(), file }))]);
  };

  /** Moves an image and keeps the focus on the same button of the moved image (or the list's first control). */
  const move = (from: number, to: number, control: 'up' | 'down') => {
    const next = [...value];
    const [entry] = next.splice(from, 1);
    next.splice(to, 0, entry!);
    onChange(next);
    requestAnimationFrame(() => {
      const item = list.current?.children[to];
      const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${control}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('button:not(:disabled)');
      wanted?.focus();
    });
  };

  const remove = (index: number) => {
    onChange(value.filter((_, position) => position !== index));
    requestAnimationFrame(() => (list.current?.querySelector<HTMLButtonElement>('button') ?? input.current)?.focus());
  };

  return (
    <div className="grid gap-3" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-label`} className="text-sm leading-none font-medium">
          {t('form.gallery')}
        </p>
        <input ref={input} id={id} type="file" accept="image/*" multiple onChange={add} disabled={full} tabIndex={-1} aria-label={t('form.galleryAdd')} className="sr-only" />
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" /> {t('form.galleryAdd')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {full ? t('form.galleryFull', { max: PRODUCT_IMAGES_MAX }) : t('form.galleryHint', { max: PRODUCT_IMAGES_MAX })}
      </p>
      {value.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-muted/40 px-3 py-4 text-center text-sm text-muted-foreground">{t('form.galleryEmpty')}</p>
      ) : (
        <ol ref={list} aria-label={t('form.galleryList')} className="grid gap-2 sm:grid-cols-2">
          {value.map((entry, index) => {
            const position = index + 1;
            const src = entry.kind === 'saved' ? entry.url : previews.get(entry.key);
            return (
              <li key={entry.kind === 'saved' ? entry.id : entry.key} className="flex min-w-0 items-center gap-3 rounded-lg border border-border bg-muted/40 p-2" data-testid="gallery-item">
                <span aria-hidden="true" className="w-5 shrink-0 text-center text-sm text-muted-foreground tabular-nums">
                  {position}
                </span>
                <img src={src} alt={t('form.galleryImageAlt', { position })} className="size-14 shrink-0 rounded-md object-cover" />
                <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{entry.kind === 'new' ? `${t('form.galleryNew')} · ${entry.file.name}` : null}</span>
                <div className="flex shrink-0 gap-1">
                  <Button type="button" variant="ghost" size="icon" data-move="up" disabled={index === 0} aria-label={t('form.moveUp', { position })} title={t('form.moveUp', { position })} onClick={() => move(index, index - 1, 'up')}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    data-move="down"
                    disabled={index === value.length - 1}
                    aria-label={t('form.moveDown', { position })}
                    title={t('form.moveDown', { position })}
                    onClick={() => move(index, index + 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" aria-label={t('form.removeImage', { position })} title={t('form.removeImage', { position })} onClick={() => remove(index)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
