import { checkboxClass } from '#web/components/ui/checkbox.tsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#shared/webhooks.ts';
import { fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { EVENT_LABELS } from '../utils/event-labels.ts';


/**
 * The events an endpoint receives: a fieldset of checkboxes with an "All events" box (mixed when some
 * are picked); `focusRef` gets that box, so a form can focus the picker when no event is picked.
 */
export function EventPicker({
  id,
  value,
  onChange,
  error,
  focusRef,
}: {
  id: string;
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string;
  focusRef?: (node: HTMLInputElement | null) => void;
}) {
  const { t } = useTranslation('webhooks');
  const all = useRef<HTMLInputElement>(null);
  const picked = new Set(value);
  const some = picked.size > 0 && picked.size < WEBHOOK_EVENTS.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);

  const toggle = (event: WebhookEvent, on: boolean) => onChange(WEBHOOK_EVENTS.filter((item) => (item === event ? on : picked.has(item))));

  return (
    <fieldset id={id} className="grid min-w-0 gap-3" aria-describedby={error ? fieldErrorId(id) : `${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">{t('form.events')}</legend>
      <div className="flex items-center gap-2">
        <input
          ref={(node) => {
            all.current = node;
            focusRef?.(node);
          }}
          id={`${id}-all`}
          type="checkbox"
          checked={picked.size === WEBHOOK_EVENTS.length}
          onChange={(event) => onChange(event.target.checked ? [...WEBHOOK_EVENTS] : [])}
          className={checkboxClass}
        />
        <Label htmlFor={`${id}-all`} className="cursor-pointer">
          {t('form.allEvents')}
        </Label>
      </div>
      <div className="grid gap-x-6 gap-y-3 rounded-lg border border-border p-3 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event} className="flex min-w-0 items-start gap-2">
            <input
              id={`${id}-${event}`}
              type="checkbox"
              checked={picked.has(event)}
              onChange={(change) => toggle(event, change.target.checked)}
              className={`${checkboxClass} mt-0.5`}
            />
            <Label htmlFor={`${id}-${event}`} className="grid min-w-0 cursor-pointer gap-1 font-normal">
              <span>{t(EVENT_LABELS[event])}</span>
              <code className="font-mono text-xs break-all text-muted-foreground">{event}</code>
            </Label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('form.eventsHint')}
        </p>
      )}
    </fieldset>
  );
}
