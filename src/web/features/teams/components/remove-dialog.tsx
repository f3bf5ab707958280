import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useRevokeInvite } from '../api/revoke-invite.ts';

/** Removes a member (their access ends at once) or revokes a pending invitation, after a confirmation. */
export function RemoveDialog({ kind, id, who }: { kind: 'member' | 'invite'; id: string; who: string }) {
  const { t } = useTranslation('teams');
  const [open, setOpen] = useState(false);
  const removeMember = useRemoveMember();
  const revokeInvite = useRevokeInvite();
  const mutation = kind === 'member' ? removeMember : revokeInvite;
  const texts = kind === 'member' ? 'remove' : 'revoke';

  const confirm = () =>
    mutation.mutateAsync(id).then(
      () => {
        setOpen(false);
        showToast({ title: t(`${texts}.doneTitle`), description: t(`${texts}.done`, { who }), variant: 'success' });
      },
      (error) => showToast({ title: t('common.error'), description: localizeError(error, 'teams', t('common.unexpected')), variant: 'error' }),
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={t(`${texts}.triggerLabel`, { who })}>
          {t(`${texts}.trigger`)}
        </Button>
      }
      title={t(`${texts}.title`, { who })}
      description={t(`${texts}.description`)}
      cancelLabel={t('common.cancel')}
      confirmLabel={t(`${texts}.confirm`)}
      pendingLabel={t(`${texts}.pending`)}
      pending={mutation.isPending}
      tone="destructive"
      onConfirm={confirm}
    />
  );
}
