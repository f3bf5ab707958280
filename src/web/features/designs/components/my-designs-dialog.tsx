import { zodResolver } from '@hookform/resolvers/zod';
import { Check, FolderOpen, Pencil, Plus, RotateCw, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DESIGN_TITLE_MAX, designRenameSchema, type DesignRename } from '#shared/designs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteDesign } from '../api/delete-design.ts';
import { useDesigns } from '../api/get-designs.ts';
import { useRenameDesign } from '../api/rename-design.ts';
import type { DesignSummary } from '../api/types.ts';


interface MyDesignsDialogProps {
  currentId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
}

function DesignRow({ design, current, onOpen, onRenamed, onDeleted }: { design: DesignSummary; current: boolean } & Omit<MyDesignsDialogProps, 'currentId' | 'onNew'>) {
  const { t } = useTranslation('designs');
  const reason = (error: unknown) => localizeError(error, 'designs', t('common.unexpected'));
  const id = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const { register, handleSubmit } = useForm<DesignRename>({
    resolver: zodResolver(designRenameSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { title: design.title },
  });
  const rename = useRenameDesign();
  const remove = useDeleteDesign();

  // The field's maxLength leaves the shared schema one refusal to name: an empty title.
  const onInvalid = () => showToast({ title: t('mine.titleRequired'), description: t('errors.titleRequired'), variant: 'error' });

  const submitRename = ({ title: next }: DesignRename) => {
    rename.mutate(
      { id: design.id, title: next },
      {
        onSuccess: () => {
          setMode('view');
          onRenamed(design.id, next);
          showToast({ title: t('mine.renamedTitle'), description: t('mine.renamed', { title: next }), variant: 'success' });
        },
        onError: (error) => showToast({ title: t('common.error'), description: t('mine.renameFailed', { reason: reason(error) }), variant: 'error' }),
      },
    );
  };

  const confirmDelete = () => {
    remove.mutate(design.id, {
      onSuccess: () => {
        onDeleted(design.id);
        showToast({ title: t('mine.deletedTitle'), description: t('mine.deleted', { title: design.title }), variant: 'success' });
      },
      onError: (error) => showToast({ title: t('common.error'), description: t('mine.deleteFailed', { reason: reason(error) }), variant: 'error' }),
    });
  };

  if (mode === 'rename') {
    return (
      <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void handleSubmit(submitRename, onInvalid)(event)}>
        <div className="grid min-w-40 flex-1 gap-1.5">
          <Label htmlFor={`${id}-title`}>{t('mine.newTitle', { title: design.title })}</Label>
          <Input id={`${id}-title`} maxLength={DESIGN_TITLE_MAX} {...register('title')} autoFocus className="h-9" />
        </div>
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? <Spinner className="text-white" /> : <Check aria-hidden="true" />} {t('mine.saveName')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setMode('view')} disabled={rename.isPending}>
          <X aria-hidden="true" /> {t('common.cancel')}
        </Button>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {design.title}
          {current ? <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">{t('mine.current')}</span> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('mine.saved')} <time dateTime={design.updatedAt}>{formatDateTime(design.updatedAt)}</time>
        </p>
      </div>
      {mode === 'delete' ? (
        <div className="flex items-center gap-2" role="group" aria-label={t('mine.confirmDeleteLabel', { title: design.title })}>
          <span className="text-sm text-red-200">{t('mine.confirmDelete')}</span>
          <Button variant="outline" size="sm" onClick={() => setMode('view')} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" size="sm" onClick={confirmDelete} disabled={remove.isPending}>
            {remove.isPending ? <Spinner className="text-white" /> : <Trash2 aria-hidden="true" />} {t('mine.deleteDesign')}
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => onOpen(design.id)} aria-label={t('mine.openLabel', { title: design.title })}>
            <FolderOpen aria-hidden="true" /> {t('mine.open')}
          </Button>
          <Button variant="ghost" size="icon" className="size-9" onClick={() => setMode('rename')} aria-label={t('mine.renameLabel', { title: design.title })} title={t('mine.rename')}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-red-300 hover:bg-red-950/50 hover:text-red-200"
            onClick={() => setMode('delete')}
            aria-label={t('mine.deleteLabel', { title: design.title })}
            title={t('mine.delete')}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}

/** "My designs": open, rename and delete saved designs, or start a new one. */
export function MyDesignsDialog({ currentId, onOpen, onNew, onRenamed, onDeleted }: MyDesignsDialogProps) {
  const { t } = useTranslation('designs');
  const [open, setOpen] = useState(false);
  const designs = useDesigns({ enabled: open });
  const items = designs.data?.items ?? [];

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FolderOpen aria-hidden="true" /> {t('mine.title')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('mine.title')}</DialogTitle>
        <DialogDescription>{t('mine.description')}</DialogDescription>
        <div className="max-h-[55vh] overflow-y-auto">
          {designs.isPending ? (
            <LoadingState label={t('mine.loading')} className="py-10" />
          ) : designs.isError ? (
            <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-500/40 bg-red-950/30 p-4 text-sm">
              <p>{t('mine.loadFailed', { reason: localizeError(designs.error, 'designs', t('common.unexpected')) })}</p>
              <Button variant="outline" size="sm" onClick={() => void designs.refetch()}>
                <RotateCw aria-hidden="true" /> {t('common.tryAgain')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
              {t('mine.empty')}
            </p>
          ) : (
            <ul className="grid divide-y divide-border" aria-label={t('mine.listLabel')}>
              {items.map((design) => (
                <li key={design.id} className="py-3">
                  <DesignRow
                    design={design}
                    current={design.id === currentId}
                    onOpen={(id) => {
                      setOpen(false);
                      onOpen(id);
                    }}
                    onRenamed={onRenamed}
                    onDeleted={onDeleted}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false);
              onNew();
            }}
          >
            <Plus aria-hidden="true" /> {t('mine.new')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
