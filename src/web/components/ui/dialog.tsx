import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import { Button } from './button.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

const contentVariants = cva('fixed z-50 border-border bg-popover text-popover-foreground shadow-2xl outline-none', {
  variants: {
    side: {
      center:
        'top-1/2 left-1/2 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border p-6 data-[state=open]:animate-fade-in',
      left: 'inset-y-0 left-0 flex h-full w-[280px] max-w-[85vw] flex-col border-r data-[state=open]:animate-slide-in-left',
      right: 'inset-y-0 right-0 flex h-full w-[300px] max-w-[85vw] flex-col border-l data-[state=open]:animate-slide-in-right',
    },
  },
  defaultVariants: { side: 'center' },
});

/**
 * A press or focus in a menu or tooltip opened from inside the dialog is not "outside" it. React let
 * such events bubble through the portal to the dialog (its component tree); Preact's portals bubble
 * along the page's elements only (decision 014), so the dialog would close when a choice in its
 * language menu was pressed.
 */
const inNestedLayer = (target: EventTarget | null) => target instanceof Element && target.closest('[data-radix-popper-content-wrapper]') !== null;

export function DialogContent({
  className,
  children,
  side,
  closeLabel,
  onInteractOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof contentVariants> & { closeLabel?: string }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(contentVariants({ side }), className)}
        onInteractOutside={(event) => {
          if (inNestedLayer(event.target)) event.preventDefault();
          onInteractOutside?.(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel ?? t('close')}
          className="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/**
 * A dialog's buttons: Cancel, which closes it (disabled while `pending`), and the actions given as
 * children; stacked on a phone with the action on top, in a row on the right from sm up.
 */
export function DialogActions({ cancelLabel, pending, children }: { cancelLabel: string; pending?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
