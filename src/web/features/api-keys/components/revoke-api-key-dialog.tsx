import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';

/** Revoke with a confirmation: scripts using the key get 401 from then on. */
export function RevokeApiKeyDialog({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('api-keys');
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();

  const confirm = () =>
    revoke.mutateAsync(id).then(
      () => {
        setOpen(false);
        showToast({ title: t('revoke.doneTitle'), description: t('revoke.done', { name }), variant: 'success' });
      },
      (error) => showToast({ title: t('common.error'), description: localizeError(error, 'api-keys', t('common.unexpected')), variant: 'error' }),
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('revoke.triggerLabel', { name })}>
          <Ban aria-hidden="true" /> {t('revoke.trigger')}
        </Button>
      }
      title={t('revoke.title', { name })}
      description={t('revoke.description')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('revoke.confirm')}
      pendingLabel={t('revoke.revoking')}
      pending={revoke.isPending}
      onConfirm={confirm}
    />
  );
}
