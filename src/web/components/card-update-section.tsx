import { useId, type ComponentProps, type ReactNode } from 'react';
import type { CardFormComponent } from '#web/lib/card-form-slot.ts';

/**
 * "Update your card" for a past-due subscription (a plan's, a membership's): its title and what the
 * new card pays, then `CardForm` (composed in by the router: the test provider's card, or with Stripe a
 * button to its page, decision 027). `heading` is the title's level in the page around it.
 */
export function CardUpdateSection({
  title,
  text,
  heading: Heading,
  CardForm,
  ...form
}: { title: ReactNode; text: ReactNode; heading: 'h3' | 'h4'; CardForm: CardFormComponent } & ComponentProps<CardFormComponent>) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-3 rounded-xl border border-border bg-muted/30 p-4 sm:p-5">
      <Heading id={`${id}-title`} className="font-semibold">
        {title}
      </Heading>
      <p className="text-sm text-muted-foreground">{text}</p>
      <CardForm {...form} />
    </section>
  );
}
