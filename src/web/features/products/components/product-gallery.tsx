import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

export interface GallerySlide {
  url: string;
  /** A small version for the thumbnail (the image itself when there is none). */
  thumbUrl: string;
  width: number | null;
  height: number | null;
}

/**
 * The product page's pictures: the cover, then the gallery. One main image and, when there are more,
 * a row of thumbnail buttons ("Show image 2 of 5"); the arrow keys, Home and End move between them.
 */
export function ProductGallery({ name, slides }: { name: string; slides: GallerySlide[] }) {
  const { t } = useTranslation('products');
  const [shown, setShown] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.min(shown, slides.length - 1);
  const slide = slides[index]!;
  const count = slides.length;

  const go = (next: number) => {
    const target = (next + count) % count;
    setShown(target);
    thumbs.current[target]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]!);
  };

  const main = (
    <div className="overflow-hidden rounded-2xl border border-border bg-muted shadow-xl shadow-black/30">
      <img
        src={slide.url}
        alt={count > 1 ? t('product.imageAlt', { name, position: index + 1, count }) : t('product.coverAlt', { name })}
        width={slide.width ?? 1200}
        height={slide.height ?? 750}
        // The cover fills the frame as on the cards; a gallery image is shown whole.
        className={cn('aspect-[16/10] size-full', index === 0 ? 'object-cover' : 'object-contain')}
        data-testid="product-main-image"
      />
    </div>
  );
  if (count === 1) return main;

  return (
    <section aria-label={t('product.gallery')} className="grid min-w-0 gap-3">
      {main}
      <ul className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
        {slides.map((item, position) => (
          <li key={`${item.url}-${position}`}>
            <button
              ref={(element) => {
                thumbs.current[position] = element;
              }}
              type="button"
              aria-label={t('product.showImage', { position: position + 1, count })}
              aria-current={position === index ? 'true' : undefined}
              // One tab stop: the arrow keys move within the row.
              tabIndex={position === index ? 0 : -1}
              data-takeover={`gallery-${position}`}
              onClick={() => setShown(position)}
              className={cn(
                'block size-14 cursor-pointer overflow-hidden rounded-lg border-2 bg-muted transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-16',
                position === index ? 'border-violet-400' : 'border-transparent opacity-70 hover:opacity-100',
              )}
            >
              <img src={item.thumbUrl} alt="" loading="lazy" width={64} height={64} className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
