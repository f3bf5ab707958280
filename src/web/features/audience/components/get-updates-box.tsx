import { MailPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_MESSAGES, audienceEmailProblem } from '#shared/audience.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { subscribe } from '../api/audience.ts';

/** "Get updates" on a storefront or product page: an e-mail, confirmed by a mailed link (double opt-in). */
export function GetUpdatesBox({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  const { t } = useTranslation('audience');
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = audienceEmailProblem(email);
    if (problem) return setError(localizeMessage(problem, 'audience', AUDIENCE_MESSAGES));
    setError(undefined);
    setPending(true);
    try {
      await subscribe(creatorId, email.trim());
      setSent(true);
    } catch (failure) {
      setError(localizeError(failure, 'audience', t('common.unexpected')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-2xl border border-border bg-card p-5 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <MailPlus aria-hidden="true" className="size-5 text-brand-soft" /> {t('getUpdates.title')}
      </h2>
      {sent ? (
        <p role="status" className="text-sm">
          {t('getUpdates.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <FormField id={`${id}-email`} label={t('getUpdates.label', { name: creatorName })} error={error}>
            <Input id={`${id}-email`} name="updates-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} disabled={pending} {...fieldAria(`${id}-email`, error)} />
          </FormField>
          <SubmitButton data-takeover="get-updates" pending={pending} pendingLabel={t('getUpdates.sending')} className={error ? 'sm:mb-7' : undefined}>
            {t('getUpdates.submit')}
          </SubmitButton>
        </form>
      )}
      <p className="text-xs text-muted-foreground">{t('getUpdates.hint')}</p>
    </section>
  );
}
