import type { PlatformMoney } from '#shared/sales-api.ts';
import { formatMoney } from '#web/lib/format.ts';

/** One of the platform's figures in each currency, USD first (never added across currencies): ["$120.00", "€40.00"]. */
export const perCurrency = (money: PlatformMoney, figure: 'totalRevenueCents' | 'totalFeesCents' | 'totalRefundsCents') =>
  money.byCurrency.map((row) => formatMoney(row[figure], row.currency));
