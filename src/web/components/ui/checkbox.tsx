import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';
import { Label } from './label.tsx';

export const checkboxClass = 'size-4 shrink-0 cursor-pointer accent-violet-600';

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn(checkboxClass, className)} {...props} />;
}

/** A checkbox that switches a setting on, with its label and a line saying what it does. */
export function CheckboxSetting({ id, label, hint, className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'id'> & { id: string; label: ReactNode; hint: ReactNode }) {
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <Checkbox id={id} aria-describedby={`${id}-hint`} className="mt-0.5" {...props} />
      <div className="grid gap-1">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
