import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';

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
      setError(localizeError(failure, 'admin'));
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      trigger={
        <Button variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      }
      title={title}
      description={description}
      error={error}
      cancelLabel={t('list.cancel')}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      tone={destructive ? 'destructive' : 'default'}
      onConfirm={() => void confirm()}
      closeLabel={t('list.close')}
    />
  );
}
