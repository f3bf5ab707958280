import { intervalPeriod, planById } from '#shared/plans.ts';
import type { planInvoices } from '../../db/schema/plans.ts';
import { drawParties, drawTable, drawTitle, drawTotals, pdfDate, pdfMoney, PdfLayout } from '../../platform/pdf/document.ts';

type PlanInvoiceRow = typeof planInvoices.$inferSelect;

export interface PlanInvoiceParties {
  /** The platform sells the plan: its brand, site and support address. */
  platform: { name: string; site: string; email: string };
  customer: { name: string; address: string | null; taxId: string | null; email: string };
}

const KIND_LABELS: Record<PlanInvoiceRow['kind'], string> = { subscription: 'subscription', renewal: 'renewal', upgrade: 'upgrade (prorated)' };

/** A charge of the account's plan as an invoice from the platform. */
export async function planInvoicePdf(invoice: PlanInvoiceRow, parties: PlanInvoiceParties): Promise<Buffer> {
  const layout = new PdfLayout({ title: `Invoice ${invoice.id}`, author: parties.platform.name, createdAt: invoice.createdAt });
  drawTitle(layout, 'Invoice', invoice.id);
  drawParties(
    layout,
    [
      { label: 'FROM', lines: [parties.platform.name, parties.platform.site, parties.platform.email] },
      { label: 'BILLED TO', lines: [parties.customer.name, parties.customer.address, parties.customer.taxId && `Tax ID: ${parties.customer.taxId}`, parties.customer.email] },
    ],
    [
      ['Issued', pdfDate(invoice.createdAt)],
      ['Currency', invoice.currency],
      ['Status', invoice.status === 'paid' ? 'Paid' : 'Payment failed'],
    ],
  );
  drawTable(
    layout,
    [{ label: 'Description' }, { label: 'Period', right: layout.right - 110 }, { label: 'Amount' }],
    [[`${planById(invoice.plan).name}, ${intervalPeriod(invoice.interval)} ${KIND_LABELS[invoice.kind]}`, `${pdfDate(invoice.periodStart)} – ${pdfDate(invoice.periodEnd)}`, pdfMoney(invoice.amountCents, invoice.currency)]],
    `Invoice ${invoice.id} (continued)`,
  );
  drawTotals(layout, [{ label: 'Total', value: pdfMoney(invoice.amountCents, invoice.currency), bold: true }]);
  layout.text(layout.left, invoice.status === 'paid' ? 'Paid. Thank you!' : 'This charge failed; update your card in Settings › Plan and billing.', { size: 10, bold: true });
  return layout.save();
}
