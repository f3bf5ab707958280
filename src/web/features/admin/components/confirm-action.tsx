import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeMessage } from '#web/lib/server-message.ts';

/** A button that asks before it acts; the dialog stays open (and says why) when the action fails. */
export function ConfirmAction({
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive = false,
  onConfirm,
}: {
  trigger: ReactNode;
  triggerLabel: string;
  triggerVariant?: ButtonProps['variant'];
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setPending(true);
    setError(undefined);
    try {
      await onConfirm();
      setOpen(false);
    } catch (failure) {
      setError(localizeMessage(failure instanceof Error ? failure.message : String(failure), 'admin'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md" closeLabel={t('list.close')}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {error ? (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {t('list.cancel')}
            </Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={() => void confirm()} disabled={pending}>
            {pending ? (
              <>
                <Spinner className={destructive ? 'text-white' : 'text-primary-foreground'} /> {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
