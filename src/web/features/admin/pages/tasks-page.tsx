import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_STATES } from '#shared/admin-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRetryTask, useTasks, type AdminTask, type TaskState } from '../api/get-tasks.ts';
import { ListState } from '../components/list-states.tsx';

const STATE_STYLES: Record<TaskState, string> = {
  queued: 'border-border text-muted-foreground',
  retrying: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  running: 'border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  failed: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300',
};

function TaskItem({ task }: { task: AdminTask }) {
  const { t } = useTranslation('admin');
  const retry = useRetryTask();
  const canRetry = task.state !== 'running';
  const onRetry = () =>
    retry.mutate(task.id, {
      onSuccess: () => showToast({ title: t('tasks.retriedTitle'), description: t('tasks.retriedText', { summary: task.summary }), variant: 'success' }),
      onError: (error) => showToast({ title: t('tasks.retryFailed'), description: localizeError(error, 'admin'), variant: 'error' }),
    });
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STATE_STYLES[task.state]}`}>{t(`tasks.states.${task.state}`)}</span>
          <span className="break-words font-medium">{task.summary}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {task.recurring
            ? task.attempts > 0
              ? t('tasks.failedRuns', { count: task.attempts })
              : t('tasks.recurring')
            : t('tasks.attempts', { attempts: task.attempts, max: task.maxAttempts })}{' '}
          ·{' '}
          {task.state === 'failed' && task.failedAt ? (
            <time dateTime={task.failedAt}>{t('tasks.failedAt', { date: formatDateTime(task.failedAt) })}</time>
          ) : (
            <time dateTime={task.runAt}>{t('tasks.runAt', { date: formatDateTime(task.runAt) })}</time>
          )}
        </p>
        {task.lastError ? <p className="break-words font-mono text-xs text-muted-foreground">{t('tasks.lastError', { error: task.lastError })}</p> : null}
      </div>
      {canRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retry.isPending} aria-label={t('tasks.retryLabel', { summary: task.summary })}>
          <RotateCw aria-hidden="true" /> {retry.isPending ? t('tasks.retrying') : t('tasks.retry')}
        </Button>
      ) : null}
    </li>
  );
}

/** /admin/tasks: background tasks (mail, webhooks) that wait, retry, run or failed, with "retry now". */
export function TasksPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('tasks.title'));
  const [state, setState] = useState<TaskState | undefined>();
  const { data, isPending, error, refetch } = useTasks(state);
  const filters: (TaskState | undefined)[] = [undefined, ...TASK_STATES];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('tasks.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('tasks.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('tasks.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">
            {data ? t('tasks.summary', { ...data.counts }) : t('list.loading')}
          </CardDescription>
          <div role="group" aria-label={t('tasks.filterLabel')} className="flex flex-wrap gap-2 pt-2">
            {filters.map((filter) => (
              <Button key={filter ?? 'all'} size="sm" variant={state === filter ? 'default' : 'outline'} aria-pressed={state === filter} onClick={() => setState(filter)}>
                {filter ? t(`tasks.states.${filter}`) : t('tasks.all')}
              </Button>
            ))}
          </div>
        </CardHeader>
        <CardContent>
          <ListState
            isPending={isPending}
            error={error}
            isEmpty={data?.items.length === 0}
            loadingLabel={t('tasks.loading')}
            emptyLabel={state === 'failed' ? t('tasks.noneFailed') : t('tasks.empty')}
            failedLabel={t('tasks.loadFailed')}
            onRetry={() => void refetch()}
          />
          {data && data.items.length > 0 ? (
            <ul aria-label={t('tasks.listTitle')} className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((task) => (
                <TaskItem key={task.id} task={task} />
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
