import { MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeletePost } from '../api/delete-post.ts';

/** The post's menu (shown only when the viewer may delete it) with Delete Post and a confirmation. */
export function PostMenu({ postId, onDeleted }: { postId: string; onDeleted?: () => void }) {
  const { t } = useTranslation('community');
  const [confirming, setConfirming] = useState(false);
  const deletePost = useDeletePost();

  // mutateAsync, not mutate callbacks: the card may unmount first (the live 'posts.deleted' event
  // can arrive before the answer), and the toast must still show.
  const confirm = () =>
    deletePost.mutateAsync(postId).then(
      () => {
        setConfirming(false);
        showToast({ title: t('errors.postDeleted'), description: t('delete.done'), variant: 'success' });
        onDeleted?.();
      },
      (error: unknown) =>
        showToast({
          title: t('common.error'),
          description: t('delete.failed', { reason: localizeError(error, 'community', t('common.unexpected')) }),
          variant: 'error',
        }),
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={t('delete.menu')}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" /> {t('delete.item')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('delete.title')}
        description={t('delete.description')}
        cancelLabel={t('common.cancel')}
        confirmLabel={
          <>
            <Trash2 aria-hidden="true" /> {t('delete.confirm')}
          </>
        }
        pendingLabel={t('delete.deleting')}
        pending={deletePost.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
