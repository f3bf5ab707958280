import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';

/** Revoke with a confirmation: scripts using the key get 401 from then on. */
export function RevokeApiKeyDialog({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('apiKeys');
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();

  const confirm = () =>
    revoke.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: t('revoke.doneTitle'), description: t('revoke.done', { name }), variant: 'success' });
      },
      onError: (error) => showToast({ title: t('common.error'), description: localizeError(error, 'apiKeys', t('common.unexpected')), variant: 'error' }),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('revoke.triggerLabel', { name })}>
          <Ban aria-hidden="true" /> {t('revoke.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>{t('revoke.title', { name })}</DialogTitle>
        <DialogDescription>{t('revoke.description')}</DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? (
              <>
                <Spinner className="text-white" /> {t('revoke.revoking')}
              </>
            ) : (
              t('revoke.confirm')
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
