import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountCode } from '#shared/discounts-api.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatCount, formatDate, formatMoney, formatPercent } from '#web/lib/format.ts';
import { useStoreCurrency } from '#web/lib/profile.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteDiscount } from '../api/delete-discount.ts';

/** My codes: what each takes off, for which products, when, and how many times it was used. */
export function DiscountList({ items }: { items: DiscountCode[] }) {
  const { t } = useTranslation('discounts');
  const currency = useStoreCurrency();
  if (!items.length) return <p className="text-sm text-muted-foreground">{t('list.empty')}</p>;
  const value = (code: DiscountCode) => (code.kind === 'percent' ? formatPercent(code.amount) : t('list.fixedOff', { amount: formatMoney(code.amount, currency) }));
  const when = (code: DiscountCode) => {
    // The end is stored as the first moment after the last day.
    const lastDay = code.endsAt ? formatDate(new Date(Date.parse(code.endsAt) - 1).toISOString()) : null;
    if (code.startsAt && lastDay) return t('list.between', { start: formatDate(code.startsAt), end: lastDay });
    if (code.startsAt) return t('list.from', { start: formatDate(code.startsAt) });
    if (lastDay) return t('list.until', { end: lastDay });
    return t('list.always');
  };

  return (
    <TableScroll label={t('list.title')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('list.title')}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{t('list.code')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('list.value')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('list.products')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('list.when')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('list.uses')}</th>
            <th scope="col" className="py-2 pl-3">
              <span className="sr-only">{t('list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((code) => (
            <tr key={code.id}>
              <td className="py-2 pr-3 font-mono font-semibold">{code.code}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {value(code)}
                {code.minOrderCents ? <span className="block text-xs text-muted-foreground">{t('list.minimum', { amount: formatMoney(code.minOrderCents, currency) })}</span> : null}
              </td>
              <td className="px-3 py-2">{code.productIds.length ? t('list.someProducts', { count: code.productIds.length }) : t('list.allProducts')}</td>
              <td className="px-3 py-2 whitespace-nowrap">{when(code)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {code.maxUses ? t('list.usesOf', { uses: formatCount(code.uses), max: formatCount(code.maxUses) }) : formatCount(code.uses)}
                {code.oncePerEmail ? <span className="block text-xs text-muted-foreground">{t('list.oncePerEmail')}</span> : null}
              </td>
              <td className="py-2 pl-3 text-right">
                <DeleteDiscountDialog id={code.id} code={code.code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function DeleteDiscountDialog({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation('discounts');
  const [open, setOpen] = useState(false);
  const remove = useDeleteDiscount();
  const confirm = () =>
    remove.mutateAsync(id).then(
      () => {
        setOpen(false);
        showToast({ title: t('delete.doneTitle'), description: t('delete.done', { code }), variant: 'success' });
      },
      (error) => showToast({ title: t('common.error'), description: localizeError(error, 'discounts', t('common.unexpected')), variant: 'error' }),
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('delete.triggerLabel', { code })}>
          <Trash2 aria-hidden="true" /> {t('delete.trigger')}
        </Button>
      }
      title={t('delete.title')}
      description={t('delete.description', { code })}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.deleting')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
