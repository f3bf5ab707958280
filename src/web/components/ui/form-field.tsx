import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';
import { Label } from './label.tsx';

/** A label, one control and its inline error; the control should set aria-describedby={errorId(id)}. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const fieldErrorId = (id: string) => `${id}-error`;

/** aria props for a control inside FormField. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(id) } : {};
}
