import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/** A spinning icon; pass `label` to announce it (role="status"), or leave it decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-brand-soft', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner with a visible message, for whole screens and panels. */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-3 py-16 text-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-soft" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
