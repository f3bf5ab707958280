import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_FILTERED_KINDS, AUDIENCE_KINDS, AUDIENCE_MESSAGES, POST_BODY_MAX, POST_SUBJECT_MAX, type AudienceKind } from '#shared/audience.ts';
import { postInputSchema, type AudienceFilterInput } from '#shared/audience-api.ts';
import { amountToMinor } from '#shared/money.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { issuesByPath } from '#web/lib/form-errors.ts';
import { formatCount } from '#web/lib/format.ts';
import { useStoreCurrency } from '#web/lib/profile.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { previewPost, useCreatePost, useRecipientCount } from '../api/audience.ts';
import { ProductSelect } from './product-select.tsx';

interface Draft {
  subject: string;
  body: string;
  kind: AudienceKind;
  productId: string;
  boughtAfter: string;
  minSpent: string;
  trackOpens: boolean;
  updateProductId: string;
}

const EMPTY: Draft = { subject: '', body: '', kind: 'customers', productId: '', boughtAfter: '', minSpent: '', trackOpens: false, updateProductId: '' };

/** The audience filter of the form, or undefined while it cannot be counted (a product still to pick, an amount mistyped). */
function filterOf(draft: Draft, currency: ReturnType<typeof useStoreCurrency>): AudienceFilterInput | undefined {
  if (!AUDIENCE_FILTERED_KINDS.includes(draft.kind)) return { kind: draft.kind };
  if (draft.kind === 'product' && !draft.productId) return undefined;
  const minSpentCents = draft.minSpent.trim() ? amountToMinor(draft.minSpent, currency) : null;
  if (minSpentCents === undefined) return undefined;
  return {
    kind: draft.kind,
    productId: draft.kind === 'product' ? draft.productId : null,
    // A day as typed: from the start of that day where the creator is.
    boughtAfter: draft.boughtAfter ? new Date(`${draft.boughtAfter}T00:00:00`).toISOString() : null,
    minSpentCents,
  };
}

/** A new post: subject, Markdown body, who gets it (with the live recipient count) and a preview; saved as a draft. */
export function PostComposer() {
  const { t } = useTranslation('audience');
  const id = useId();
  const currency = useStoreCurrency();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const [preview, setPreview] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const create = useCreatePost();
  const filter = filterOf(useDeferredValue(draft), currency);
  const count = useRecipientCount(filter);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const message = (path: string) => (errors[path] ? localizeMessage(errors[path], 'audience', AUDIENCE_MESSAGES) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const minSpentCents = draft.minSpent.trim() ? amountToMinor(draft.minSpent, currency) : null;
    if (minSpentCents === undefined) {
      setErrors({ 'audience.minSpentCents': AUDIENCE_MESSAGES.amountInvalid });
      return;
    }
    const input = {
      subject: draft.subject,
      body: draft.body,
      audience: { ...(filterOf(draft, currency) ?? { kind: draft.kind, productId: draft.productId || null }) },
      trackOpens: draft.trackOpens,
      updateProductId: draft.updateProductId || null,
    };
    const parsed = postInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(input);
      setDraft(EMPTY);
      setPreview(undefined);
      showToast({ title: t('compose.savedTitle'), description: t('compose.saved'), variant: 'success' });
    } catch (failure) {
      setServerError(localizeError(failure, 'audience', t('common.unexpected')));
    }
  };

  const showPreview = async () => {
    setPreviewing(true);
    try {
      setPreview((await previewPost(draft.body)).html);
    } catch (failure) {
      setServerError(localizeError(failure, 'audience', t('common.unexpected')));
    } finally {
      setPreviewing(false);
    }
  };

  const filtered = AUDIENCE_FILTERED_KINDS.includes(draft.kind);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('compose.formLabel')}>
      <fieldset disabled={create.isPending} className="grid min-w-0 gap-5">
        <FormField id={`${id}-subject`} label={t('compose.subject')} error={message('subject')} hint={t('compose.subjectHint')}>
          <Input id={`${id}-subject`} maxLength={POST_SUBJECT_MAX} value={draft.subject} onChange={(event) => set({ subject: event.target.value })} {...fieldAria(`${id}-subject`, message('subject'))} />
        </FormField>
        <FormField id={`${id}-body`} label={t('compose.body')} error={message('body')} hint={t('compose.bodyHint')}>
          <Textarea id={`${id}-body`} rows={8} maxLength={POST_BODY_MAX} value={draft.body} onChange={(event) => set({ body: event.target.value })} {...fieldAria(`${id}-body`, message('body'))} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-kind`}>{t('compose.audience')}</Label>
            <select id={`${id}-kind`} className={selectClass} value={draft.kind} onChange={(event) => set({ kind: event.target.value as AudienceKind })}>
              {AUDIENCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          {draft.kind === 'product' ? (
            <FormField id={`${id}-product`} label={t('compose.product')} error={message('audience.productId')}>
              <ProductSelect
                id={`${id}-product`}
                none={t('compose.chooseProduct')}
                value={draft.productId}
                onValue={(productId) => set({ productId })}
                {...fieldAria(`${id}-product`, message('audience.productId'))}
              />
            </FormField>
          ) : null}
          {filtered ? (
            <>
              <FormField id={`${id}-after`} label={t('compose.boughtAfter')} hint={t('compose.optional')} error={message('audience.boughtAfter')}>
                <Input id={`${id}-after`} type="date" value={draft.boughtAfter} onChange={(event) => set({ boughtAfter: event.target.value })} />
              </FormField>
              <FormField id={`${id}-spent`} label={t('compose.minSpent', { currency })} hint={t('compose.optional')} error={message('audience.minSpentCents')}>
                <Input
                  id={`${id}-spent`}
                  inputMode="decimal"
                  placeholder="0.00"
                  value={draft.minSpent}
                  onChange={(event) => set({ minSpent: event.target.value })}
                  {...fieldAria(`${id}-spent`, message('audience.minSpentCents'))}
                />
              </FormField>
            </>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-update`} label={t('compose.updateProduct')} hint={t('compose.updateProductHint')}>
            <ProductSelect id={`${id}-update`} none={t('compose.noUpdateProduct')} value={draft.updateProductId} onValue={(updateProductId) => set({ updateProductId })} />
          </FormField>
          <div className="flex items-start gap-2 pt-1 sm:pt-7">
            <input
              id={`${id}-opens`}
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={draft.trackOpens}
              onChange={(event) => set({ trackOpens: event.target.checked })}
              aria-describedby={`${id}-opens-hint`}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-opens`}>{t('compose.trackOpens')}</Label>
              <p id={`${id}-opens-hint`} className="text-xs text-muted-foreground">
                {t('compose.trackOpensHint')}
              </p>
            </div>
          </div>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {!filter ? t('compose.countWaiting') : count.isError ? t('compose.countFailed') : count.data ? t('compose.count', { count: count.data.count, formatted: formatCount(count.data.count) }) : t('compose.counting')}
        </p>
        {preview !== undefined ? (
          <section aria-label={t('compose.previewLabel')} className="grid gap-2 rounded-lg border border-border bg-background/50 p-4">
            <h3 className="text-sm font-medium text-muted-foreground">{t('compose.previewLabel')}</h3>
            <p className="text-lg font-semibold break-words">{draft.subject || t('compose.noSubject')}</p>
            {/* The server's HTML of the body: every text escaped, only its own tags (modules/audience/markdown-html.ts). */}
            <div className="post-body grid gap-3 break-words" dangerouslySetInnerHTML={{ __html: preview }} />
          </section>
        ) : null}
        {serverError ? (
          <p role="alert" className="text-sm text-red-400">
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => void showPreview()} disabled={previewing || !draft.body.trim()}>
            {previewing ? t('compose.previewing') : t('compose.preview')}
          </Button>
          <SubmitButton pending={create.isPending} pendingLabel={t('compose.saving')}>
            {t('compose.save')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
