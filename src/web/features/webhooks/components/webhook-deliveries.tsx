import { RefreshCw, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '#shared/webhooks-api.ts';
import { WEBHOOK_MESSAGE_PARAMS, WEBHOOK_MESSAGES } from '#shared/webhooks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { formatCount, formatDateTime } from '#web/lib/format.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery.ts';
import { deliveryState } from '../utils/delivery-state.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';

const cell = 'px-3 py-2.5 align-baseline';

/**
 * An endpoint's delivery log: event, status, response code, latency, time and the start of the answer,
 * with Resend. A table that scrolls sideways in its own box on narrow screens. `hurryUntil`/`onHurry`:
 * after a test or resend the log asks again soon, until the delivery has been tried.
 */
export function WebhookDeliveries({ endpointId, url, hurryUntil, onHurry }: { endpointId: string; url: string; hurryUntil: number; onHurry: () => void }) {
  const { t } = useTranslation('webhooks');
  const { data, isPending, isError, error, refetch, isFetching } = useWebhookDeliveries(endpointId, hurryUntil);
  const resend = useResendWebhookDelivery();

  const resendOne = (delivery: WebhookDelivery) =>
    resend.mutate(
      { id: endpointId, deliveryId: delivery.id },
      {
        onSuccess: () => {
          onHurry();
          showToast({ title: t('log.resentTitle'), description: t('log.resent', { event: delivery.event }), variant: 'success' });
        },
        onError: (failure) => showToast({ title: t('common.error'), description: localizeError(failure, 'webhooks', t('common.unexpected')), variant: 'error' }),
      },
    );

  return (
    <div className="grid min-w-0 gap-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-medium">
            {t('log.title')}
          </h4>
          <p className="text-xs text-muted-foreground">{t('log.description')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-label={t('log.refreshLabel', { url })}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} /> {t('log.refresh')}
        </Button>
      </div>
      {isPending ? (
        <LoadingState label={t('log.loading')} className="py-6" />
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-red-300">{t('log.loadFailed')}</p>
          <p className="text-muted-foreground">{localizeError(error, 'webhooks', t('common.unexpected'))}</p>
        </div>
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">{t('log.empty')}</p>
      ) : (
        <TableScroll label={t('log.caption', { url })} className="rounded-lg border border-border">
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">{t('log.caption', { url })}</caption>
            <thead className="border-b border-border bg-muted/40 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className={`${cell} font-medium`}>{t('log.event')}</th>
                <th scope="col" className={`${cell} font-medium`}>{t('log.status')}</th>
                <th scope="col" className={`${cell} text-right font-medium`}>{t('log.responseCode')}</th>
                <th scope="col" className={`${cell} text-right font-medium`}>{t('log.latency')}</th>
                <th scope="col" className={`${cell} font-medium`}>{t('log.time')}</th>
                <th scope="col" className={`${cell} font-medium`}>{t('log.excerpt')}</th>
                <th scope="col" className={cell}>
                  <span className="sr-only">{t('log.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((delivery) => {
                const state = deliveryState(delivery);
                const time = formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt);
                // Without a status code the excerpt is why there was no answer (our words, translated when known).
                const excerpt = delivery.responseStatus === null && delivery.responseExcerpt ? localizeMessage(delivery.responseExcerpt, 'webhooks', WEBHOOK_MESSAGES, WEBHOOK_MESSAGE_PARAMS) : delivery.responseExcerpt;
                const resending = resend.isPending && resend.variables.deliveryId === delivery.id;
                return (
                  <tr key={delivery.id} className="border-b border-border/60 last:border-0">
                    <td className={cell}>
                      <code className="font-mono text-xs whitespace-nowrap">{delivery.event}</code>
                    </td>
                    <td className={cell}>
                      <DeliveryStatusBadge state={state} />
                      {delivery.attempts > 1 ? <p className="mt-1 text-xs whitespace-nowrap text-muted-foreground">{t('log.attempts', { count: delivery.attempts })}</p> : null}
                    </td>
                    <td className={`${cell} text-right font-mono tabular-nums`}>{delivery.responseStatus ?? t('log.none')}</td>
                    <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                      {delivery.latencyMs === null ? t('log.none') : t('log.milliseconds', { value: formatCount(delivery.latencyMs) })}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      <time dateTime={delivery.lastAttemptAt ?? delivery.createdAt}>{time}</time>
                    </td>
                    <td className={`${cell} max-w-56`}>
                      {excerpt ? (
                        <code title={excerpt} className="line-clamp-2 font-mono text-xs wrap-anywhere text-muted-foreground">
                          {excerpt}
                        </code>
                      ) : (
                        t('log.none')
                      )}
                    </td>
                    <td className={`${cell} text-right`}>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => resendOne(delivery)}
                        disabled={state === 'sending' || resending}
                        aria-label={t('log.resendLabel', { event: delivery.event, time })}
                      >
                        {resending ? <Spinner className="size-4" /> : <RotateCw aria-hidden="true" />} {t('log.resend')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
