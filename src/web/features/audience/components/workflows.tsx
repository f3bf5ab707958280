import { Pause, Pencil, Play, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIENCE_MESSAGES,
  MEMBERSHIP_WORKFLOW_TRIGGERS,
  POST_BODY_MAX,
  POST_SUBJECT_MAX,
  TRIAL_ENDING_NOTICE_DAYS,
  WORKFLOW_DELAY_MAX_DAYS,
  WORKFLOW_NAME_MAX,
  WORKFLOW_STEPS_MAX,
  WORKFLOW_TRIGGERS,
  workflowTriggerTakesProduct,
  type WorkflowTrigger,
} from '#shared/audience.ts';
import { workflowInputSchema, type AudienceWorkflow, type WorkflowInput } from '#shared/audience-api.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { issuesByPath } from '#web/lib/form-errors.ts';
import { formatCount } from '#web/lib/format.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { selectClass } from '#web/components/ui/select.ts';
import { useDeleteWorkflow, useSaveWorkflow, useWorkflows } from '../api/audience.ts';
import { MembershipSelect, ProductSelect } from './product-select.tsx';

interface StepDraft {
  delayDays: string;
  subject: string;
  body: string;
}

interface WorkflowDraft {
  name: string;
  trigger: WorkflowTrigger;
  productId: string;
  paused: boolean;
  steps: StepDraft[];
}

const EMPTY_STEP: StepDraft = { delayDays: '0', subject: '', body: '' };
const EMPTY: WorkflowDraft = { name: '', trigger: 'purchase', productId: '', paused: false, steps: [EMPTY_STEP] };

const isMembershipTrigger = (trigger: WorkflowTrigger) => MEMBERSHIP_WORKFLOW_TRIGGERS.includes(trigger);

const draftOf = (workflow: AudienceWorkflow): WorkflowDraft => ({
  name: workflow.name,
  trigger: workflow.trigger,
  productId: workflow.productId ?? '',
  paused: workflow.paused,
  steps: workflow.steps.map((step) => ({ delayDays: String(step.delayDays), subject: step.subject, body: step.body })),
});

const inputOf = (draft: WorkflowDraft): WorkflowInput => ({
  name: draft.name,
  trigger: draft.trigger,
  productId: workflowTriggerTakesProduct(draft.trigger) ? draft.productId || null : null,
  paused: draft.paused,
  steps: draft.steps.map((step) => ({ delayDays: step.delayDays.trim() === '' ? Number.NaN : Number(step.delayDays), subject: step.subject, body: step.body })),
});

/**
 * Workflows: "after a purchase (a new follower, a membership started or cancelled, a trial ending),
 * wait N days, send this", with a form to make or edit one and the list with its numbers.
 */
export function Workflows() {
  const { t } = useTranslation('audience');
  const workflows = useWorkflows();
  const [editing, setEditing] = useState<AudienceWorkflow | 'new' | undefined>();

  return (
    <div className="grid gap-4">
      {editing ? (
        <WorkflowForm key={editing === 'new' ? 'new' : editing.id} workflow={editing === 'new' ? undefined : editing} onDone={() => setEditing(undefined)} />
      ) : (
        <div>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> {t('workflows.new')}
          </Button>
        </div>
      )}
      {workflows.isPending ? (
        <LoadingState label={t('workflows.loading')} />
      ) : workflows.isError ? (
        <LoadFailedNotice title={t('workflows.loadFailed')} error={workflows.error} namespace="audience" onRetry={() => void workflows.refetch()} retrying={workflows.isFetching} />
      ) : workflows.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('workflows.empty')}</p>
      ) : (
        <ul aria-label={t('workflows.title')} className="grid gap-4">
          {workflows.data.items.map((workflow) => (
            <li key={workflow.id}>
              <WorkflowItem workflow={workflow} onEdit={() => setEditing(workflow)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WorkflowItem({ workflow, onEdit }: { workflow: AudienceWorkflow; onEdit: () => void }) {
  const { t } = useTranslation('audience');
  const id = useId();
  const save = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const busy = save.isPending || remove.isPending;
  const stopped = workflow.stats.refunded + workflow.stats.unsubscribed;

  const togglePause = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({ id: workflow.id, input: { ...inputOf(draftOf(workflow)), paused: !workflow.paused } });
      showToast({ title: workflow.paused ? t('workflows.resumed') : t('workflows.pausedDone'), variant: 'success' });
    } catch (failure) {
      setError(localizeError(failure, 'audience', t('common.unexpected')));
    }
  };

  return (
    <article aria-labelledby={`${id}-name`} className="grid gap-3 rounded-lg border border-border bg-background/40 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={`${id}-name`} className="font-semibold break-words">
            {workflow.name}
          </h3>
          <p className="text-xs text-muted-foreground">
            <TriggerSummary workflow={workflow} />
            {' · '}
            {t('workflows.stepCount', { count: workflow.steps.length })}
          </p>
        </div>
        <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium">{workflow.paused ? t('workflows.paused') : t('workflows.active')}</span>
      </div>
      <dl aria-label={t('workflows.statsLabel')} className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['enrolled', workflow.stats.enrolled],
            ['sent', workflow.stats.sent],
            ['done', workflow.stats.done],
            ['stopped', stopped],
          ] as const
        ).map(([stat, value]) => (
          <div key={stat} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t(`workflows.stats.${stat}`)}</dt>
            <dd className="font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <ol className="grid gap-1 text-sm text-muted-foreground">
        {workflow.steps.map((step, index) => (
          <li key={index} className="break-words">
            {t('workflows.stepLine', { number: index + 1, count: step.delayDays, subject: step.subject })}
          </li>
        ))}
      </ol>
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} disabled={busy}>
          <Pencil aria-hidden="true" /> {t('workflows.edit')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void togglePause()} disabled={busy}>
          {workflow.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />} {workflow.paused ? t('workflows.resume') : t('workflows.pause')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button size="sm" variant="ghost" disabled={busy}>
              <Trash2 aria-hidden="true" /> {t('workflows.delete')}
            </Button>
          }
          title={t('workflows.deleteTitle')}
          description={t('workflows.deleteDescription')}
          error={confirming ? error : undefined}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('workflows.delete')}
          pendingLabel={t('workflows.deleting')}
          pending={remove.isPending}
          onConfirm={() =>
            void remove.mutateAsync(workflow.id).then(
              () => {
                setConfirming(false);
                showToast({ title: t('workflows.deletedDone'), variant: 'success' });
              },
              (failure: unknown) => setError(localizeError(failure, 'audience', t('common.unexpected'))),
            )
          }
          closeLabel={t('common.close')}
        />
      </div>
    </article>
  );
}

function WorkflowForm({ workflow, onDone }: { workflow?: AudienceWorkflow; onDone: () => void }) {
  const { t } = useTranslation('audience');
  const id = useId();
  const save = useSaveWorkflow();
  const [draft, setDraft] = useState<WorkflowDraft>(workflow ? draftOf(workflow) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const message = (path: string) => (errors[path] ? localizeMessage(errors[path], 'audience', AUDIENCE_MESSAGES) : undefined);
  // Another kind of trigger keeps the product only where it still fits (a membership's stays a membership's).
  const setTrigger = (trigger: WorkflowTrigger) =>
    setDraft((current) => ({ ...current, trigger, productId: isMembershipTrigger(trigger) === isMembershipTrigger(current.trigger) && workflowTriggerTakesProduct(trigger) ? current.productId : '' }));
  const triggerHint =
    draft.trigger === 'follower' ? t('workflows.followerHint') : draft.trigger === 'trial_ending' ? t('workflows.trialEndingHint', { count: TRIAL_ENDING_NOTICE_DAYS }) : undefined;
  const setStep = (index: number, patch: Partial<StepDraft>) =>
    setDraft((current) => ({ ...current, steps: current.steps.map((step, at) => (at === index ? { ...step, ...patch } : step)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const input = inputOf(draft);
    const parsed = workflowInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: workflow?.id, input });
      showToast({ title: workflow ? t('workflows.savedDone') : t('workflows.createdDone'), variant: 'success' });
      onDone();
    } catch (failure) {
      setServerError(localizeError(failure, 'audience', t('common.unexpected')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={workflow ? t('workflows.editLabel', { name: workflow.name }) : t('workflows.new')} className="rounded-lg border border-border p-4">
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-5">
        <legend className="mb-2 font-semibold">{workflow ? t('workflows.editLabel', { name: workflow.name }) : t('workflows.new')}</legend>
        <FormField id={`${id}-name`} label={t('workflows.name')} error={message('name')}>
          <Input id={`${id}-name`} maxLength={WORKFLOW_NAME_MAX} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} {...fieldAria(`${id}-name`, message('name'))} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-trigger`} label={t('workflows.triggerLabel')} error={message('trigger')} hint={triggerHint}>
            <select
              id={`${id}-trigger`}
              className={selectClass}
              value={draft.trigger}
              onChange={(event) => setTrigger(event.target.value as WorkflowTrigger)}
              {...fieldAria(`${id}-trigger`, message('trigger'))}
            >
              {WORKFLOW_TRIGGERS.map((trigger) => (
                <option key={trigger} value={trigger}>
                  {t(`workflows.triggers.${trigger}`)}
                </option>
              ))}
            </select>
          </FormField>
          {draft.trigger === 'purchase' ? (
            <FormField id={`${id}-product`} label={t('workflows.product')} error={message('productId')}>
              <ProductSelect
                id={`${id}-product`}
                none={t('workflows.anyProduct')}
                value={draft.productId}
                onValue={(productId) => setDraft({ ...draft, productId })}
                {...fieldAria(`${id}-product`, message('productId'))}
              />
            </FormField>
          ) : isMembershipTrigger(draft.trigger) ? (
            <FormField id={`${id}-product`} label={t('workflows.membership')} error={message('productId')}>
              <MembershipSelect id={`${id}-product`} none={t('workflows.anyMembership')} value={draft.productId} onValue={(productId) => setDraft({ ...draft, productId })} {...fieldAria(`${id}-product`, message('productId'))} />
            </FormField>
          ) : null}
        </div>
        <ol className="grid gap-4" aria-label={t('workflows.steps')}>
          {draft.steps.map((step, index) => (
            <li key={index} className="grid gap-3 rounded-lg border border-border bg-background/40 p-3">
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm font-semibold">{t('workflows.stepTitle', { number: index + 1 })}</h4>
                {draft.steps.length > 1 ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={t('workflows.removeStep', { number: index + 1 })}
                    onClick={() => setDraft((current) => ({ ...current, steps: current.steps.filter((_, at) => at !== index) }))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              <FormField
                id={`${id}-delay-${index}`}
                label={index === 0 ? t(`workflows.delayAfter.${draft.trigger}`) : t('workflows.delay')}
                error={message(`steps.${index}.delayDays`)}
              >
                <Input
                  id={`${id}-delay-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={WORKFLOW_DELAY_MAX_DAYS}
                  className="max-w-32"
                  value={step.delayDays}
                  onChange={(event) => setStep(index, { delayDays: event.target.value })}
                  {...fieldAria(`${id}-delay-${index}`, message(`steps.${index}.delayDays`))}
                />
              </FormField>
              <FormField id={`${id}-subject-${index}`} label={t('workflows.subject')} error={message(`steps.${index}.subject`)} hint={t('compose.subjectHint')}>
                <Input
                  id={`${id}-subject-${index}`}
                  maxLength={POST_SUBJECT_MAX}
                  value={step.subject}
                  onChange={(event) => setStep(index, { subject: event.target.value })}
                  {...fieldAria(`${id}-subject-${index}`, message(`steps.${index}.subject`))}
                />
              </FormField>
              <FormField id={`${id}-body-${index}`} label={t('workflows.body')} error={message(`steps.${index}.body`)} hint={t('compose.bodyHint')}>
                <Textarea
                  id={`${id}-body-${index}`}
                  rows={4}
                  maxLength={POST_BODY_MAX}
                  value={step.body}
                  onChange={(event) => setStep(index, { body: event.target.value })}
                  {...fieldAria(`${id}-body-${index}`, message(`steps.${index}.body`))}
                />
              </FormField>
            </li>
          ))}
        </ol>
        {message('steps') ? (
          <p role="alert" className="text-sm text-red-400">
            {message('steps')}
          </p>
        ) : null}
        {serverError ? (
          <p role="alert" className="text-sm text-red-400">
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={draft.steps.length >= WORKFLOW_STEPS_MAX}
            onClick={() => setDraft((current) => ({ ...current, steps: [...current.steps, { ...EMPTY_STEP, delayDays: '1' }] }))}
          >
            <Plus aria-hidden="true" /> {t('workflows.addStep')}
          </Button>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="ghost" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={save.isPending} pendingLabel={t('workflows.saving')}>
              {workflow ? t('workflows.save') : t('workflows.create')}
            </SubmitButton>
          </div>
        </div>
      </fieldset>
    </form>
  );
}

/** What starts a workflow, as its card says it: "After a purchase of Brushes", "When someone new follows you"… */
function TriggerSummary({ workflow }: { workflow: AudienceWorkflow }) {
  const { t } = useTranslation('audience');
  const product = workflow.productName;
  switch (workflow.trigger) {
    case 'purchase':
      return product ? t('workflows.afterProduct', { product }) : t('workflows.afterAny');
    case 'follower':
      return t('workflows.summary.follower');
    default:
      return product ? t(`workflows.summary.${workflow.trigger}`, { product }) : t(`workflows.summary.${workflow.trigger}Any`);
  }
}
