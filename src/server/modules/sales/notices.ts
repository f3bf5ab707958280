// What a sale's change tells: the creator's and affiliate's open pages, and the buyer's refund mail.
import type { Language } from '#shared/profiles.ts';
import { userChannel } from '#shared/realtime.ts';
import { SALES_CHANGED_EVENT, type SalesChangedEvent } from '#shared/sales.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Sale } from './queries.ts';

/** Tells the sale's creator's open pages, and its affiliate's (their earnings and balance changed too). */
export async function publishSaleChange(ctx: AppContext, sale: Sale, action: SalesChangedEvent['action']) {
  const event: SalesChangedEvent = { saleId: sale.id, action, productName: sale.productName, amountCents: sale.amountCents, currency: sale.currency };
  for (const userId of [sale.creatorId, sale.affiliateId]) {
    if (userId) await ctx.realtime.publish(userChannel(userId), SALES_CHANGED_EVENT, event);
  }
}

/**
 * The buyer's refund notice, in `language` (the order's): says what `amountCents` this refund gave back;
 * a partial refund says the download stays, the last one (or a whole refund) that it is gone.
 */
export function refundMail(ctx: AppContext, sale: Sale, language: Language, amountCents: number = sale.amountCents) {
  const { refund, format } = mailTexts(language);
  const values = { product: sale.productName, amount: format.money(amountCents, sale.currency), total: format.money(sale.amountCents, sale.currency) };
  const whole = sale.status === 'refunded';
  return {
    to: sale.buyerEmail,
    subject: whole ? refund.subject(ctx.config.BRAND_NAME) : refund.partialSubject(ctx.config.BRAND_NAME),
    text: !whole ? refund.partial(values) : amountCents < sale.amountCents ? refund.rest(values) : refund.text(values),
  };
}
