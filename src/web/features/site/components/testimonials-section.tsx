import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_RATING, testimonialInitials, testimonialsShown } from '#shared/site.ts';
import { useSiteContent } from '#web/lib/site.ts';
import { cn } from '#web/lib/utils.ts';
import { SectionHeading } from './section-heading.tsx';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('site');
  return (
    <div role="img" aria-label={t('testimonials.rated', { rating, max: MAX_RATING })} className="flex gap-1">
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn('size-4', index < rating ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-zinc-600')}
        />
      ))}
    </div>
  );
}

/**
 * The testimonials the operator wrote (Admin › Settings), else the spec's three fixed ones rated 5, 5
 * and 4 stars in the visitor's language; none while they load, nor when the operator hid the section.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('site');
  const content = useSiteContent()?.testimonials;
  if (!content?.shown) return null;
  const testimonials = testimonialsShown(content.items, t);
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 border-t border-border/60 px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="testimonials-title" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')}>
        {t('testimonials.lead')}
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {testimonials.map((testimonial, index) => (
          <li key={index}>
            <figure className="flex h-full flex-col rounded-2xl border border-border bg-card/70 p-6">
              <Stars rating={testimonial.rating} />
              <blockquote className="mt-4 flex-1 leading-relaxed whitespace-pre-line text-foreground/90">{t('testimonials.quoted', { quote: testimonial.quote })}</blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-600 text-sm font-bold text-white"
                >
                  {testimonialInitials(testimonial.name)}
                </span>
                <span>
                  <span className="block font-semibold">{testimonial.name}</span>
                  {testimonial.role ? <span className="block text-sm text-muted-foreground">{testimonial.role}</span> : null}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
