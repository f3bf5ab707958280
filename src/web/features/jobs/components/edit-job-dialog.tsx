import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { showToast } from '#web/lib/toast.ts';
import type { Job } from '../api/types.ts';
import { useUpdateJob } from '../api/update-job.ts';
import { JobForm, jobToInput } from './job-form.tsx';

/** Edit a posting in a dialog; the same form and rules as Post a Job. */
export function EditJobDialog({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState(false);
  const updateJob = useUpdateJob();
  return (
    <Dialog open={open} onOpenChange={(next) => !updateJob.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('edit.triggerLabel', { title: job.title })}>
          <Pencil aria-hidden="true" /> {t('edit.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] max-w-3xl overflow-y-auto">
        <div className="grid gap-1.5 pr-8">
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </div>
        <JobForm
          mode="edit"
          initial={jobToInput(job)}
          footer={
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
          }
          onSubmit={async (input) => {
            const updated = await updateJob.mutateAsync({ id: job.id, input });
            showToast({ title: t('edit.doneTitle'), description: t('edit.done', { title: updated.title }), variant: 'success' });
            setOpen(false);
            return false;
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
