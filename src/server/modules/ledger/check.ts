// `npm run ledger:check` and every API test's database when it closes: the journal balances and says
// what the sales, refunds, paid invoices, plan payments, payouts, transfers and won disputes say (docs/decisions/035-connect-and-ledger.md).
import { sql } from 'drizzle-orm';
import { saleFeeCents, saleKeptCents } from '#shared/sales-money.ts';
import type { Executor } from '../../db/client.ts';

/** Rows read at once while the sales are compared. */
const PAGE = 5_000;

interface SaleRow extends Record<string, unknown> {
  id: string;
  amount: number;
  tax: number;
  fee: number;
  commission: number;
  refunded: number;
  refund_tax: number;
  refunds: number;
  provider: string | null;
  fees: string | null;
  balance: string | null;
  tax_payable: string | null;
  refund_postings: number;
}

/** What is wrong with the ledger, one line each; none when it is right. */
export async function checkLedger(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await db.execute<{ id: string; sum: string }>(sql`
    SELECT t.id::text, sum(e.amount_cents)::text AS sum FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id HAVING sum(e.amount_cents) <> 0 LIMIT 100`);
  for (const row of unbalanced.rows) problems.push(`transaction ${row.id} sums to ${row.sum}, not 0`);
  const empty = await db.execute<{ id: string }>(sql`
    SELECT t.id::text FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id) LIMIT 100`);
  for (const row of empty.rows) problems.push(`transaction ${row.id} has no entries`);
  await checkSales(db, problems);
  const invoices = await db.execute<{ id: string; total: number; provider: string | null }>(sql`
    SELECT o.id, o.total_cents AS total, (SELECT sum(e.amount_cents) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.order_id = o.id AND t.kind = 'invoice_payment' AND e.account = 'provider')::text AS provider
    FROM orders o WHERE o.kind = 'invoice' AND o.status = 'paid'`);
  for (const row of invoices.rows) {
    if (Number(row.provider ?? 0) !== row.total) problems.push(`paid invoice order ${row.id} of ${row.total} is posted as ${row.provider ?? 0}`);
  }
  const payouts = await db.execute<{ id: string; amount: number; status: string; balance: string | null; provider: string | null }>(sql`
    SELECT p.id, p.amount_cents AS amount, p.status,
      sum(e.amount_cents) FILTER (WHERE e.account = 'balance')::text AS balance, sum(e.amount_cents) FILTER (WHERE e.account = 'provider')::text AS provider
    FROM payouts p LEFT JOIN ledger_transactions t ON t.payout_id = p.id LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY p.id`);
  for (const row of payouts.rows) {
    const balance = row.status === 'failed' ? 0 : row.amount;
    const provider = row.status === 'completed' ? -row.amount : 0;
    if (Number(row.balance ?? 0) !== balance || Number(row.provider ?? 0) !== provider) {
      problems.push(`payout ${row.id} (${row.status}, ${row.amount}) is posted as balance ${row.balance ?? 0}, provider ${row.provider ?? 0}`);
    }
  }
  // A transfer to a payout account: its amount left the owner's balance; what refunds reversed came back.
  const moved = await db.execute<{ id: string; amount: number; reversed: number; sent: string | null; back: string | null }>(sql`
    SELECT tr.id, tr.amount_cents AS amount, tr.reversed_cents AS reversed,
      sum(e.amount_cents) FILTER (WHERE t.kind = 'transfer')::text AS sent, (0 - sum(e.amount_cents) FILTER (WHERE t.kind = 'transfer_reversal'))::text AS back
    FROM transfers tr LEFT JOIN ledger_transactions t ON t.transfer_id = tr.id LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'balance'
    GROUP BY tr.id`);
  for (const row of moved.rows) {
    if (Number(row.sent ?? 0) !== row.amount || Number(row.back ?? 0) !== row.reversed) {
      problems.push(`transfer ${row.id} (${row.amount}, ${row.reversed} reversed) is posted as ${row.sent ?? 0} sent, ${row.back ?? 0} back`);
    }
  }
  // A won dispute gives back exactly what its chargeback's refunds took, account by account.
  const won = await db.execute<{ id: string; account: string; owner: string | null; sum: string }>(sql`
    SELECT d.id, e.account, e.owner_id AS owner, sum(e.amount_cents)::text AS sum
    FROM disputes d JOIN ledger_transactions t ON t.dispute_id = d.id OR t.refund_id IN (
      SELECT r.id FROM sale_refunds r WHERE r.reference LIKE 'dispute-' || d.provider_ref || '-%')
    JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE d.status = 'won' GROUP BY d.id, e.account, e.owner_id HAVING sum(e.amount_cents) <> 0`);
  for (const row of won.rows) problems.push(`won dispute ${row.id} leaves ${row.sum} on ${row.account}${row.owner ? ` of ${row.owner}` : ''}`);
  const plans = await db.execute<{ id: string; amount: number; provider: string | null }>(sql`
    SELECT p.id, p.amount_cents AS amount, (SELECT sum(e.amount_cents) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.plan_invoice_id = p.id AND t.kind = 'plan_payment' AND e.account = 'provider')::text AS provider
    FROM plan_invoices p WHERE p.status = 'paid'`);
  for (const row of plans.rows) {
    if (Number(row.provider ?? 0) !== row.amount) problems.push(`paid plan invoice ${row.id} of ${row.amount} is posted as ${row.provider ?? 0}`);
  }
  const orphans = await db.execute<{ id: string; kind: string }>(sql`
    SELECT t.id::text, t.kind FROM ledger_transactions t
    WHERE (t.sale_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.id = t.sale_id))
      OR (t.kind = 'refund' AND t.refund_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sale_refunds r WHERE r.id = t.refund_id)) LIMIT 100`);
  for (const row of orphans.rows) problems.push(`${row.kind} transaction ${row.id} names a sale or refund that does not exist`);
  return problems;
}

/** Each sale's postings, page by page: what reached the provider, the tax, the fee and the balances, after its refunds. */
async function checkSales(db: Executor, problems: string[]) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.execute<SaleRow>(sql`
      SELECT s.id, s.amount_cents AS amount, s.tax_cents AS tax, s.fee_cents AS fee, s.commission_cents AS commission, s.refunded_cents AS refunded,
        coalesce(r.tax, 0)::int AS refund_tax, coalesce(r.refunds, 0)::int AS refunds,
        l.provider::text, l.fees::text, l.balance::text, l.tax_payable::text, coalesce(l.refund_postings, 0)::int AS refund_postings
      FROM sales s
      LEFT JOIN LATERAL (SELECT sum(tax_cents) AS tax, count(*) FILTER (WHERE amount_cents + tax_cents <> 0) AS refunds FROM sale_refunds WHERE sale_id = s.id) r ON true
      LEFT JOIN LATERAL (
        SELECT sum(e.amount_cents) FILTER (WHERE e.account = 'provider') AS provider, sum(e.amount_cents) FILTER (WHERE e.account = 'platform_fees') AS fees,
          sum(e.amount_cents) FILTER (WHERE e.account = 'balance') AS balance, sum(e.amount_cents) FILTER (WHERE e.account = 'tax_payable') AS tax_payable,
          count(DISTINCT t.id) FILTER (WHERE t.kind = 'refund' AND t.refund_id IS NOT NULL) AS refund_postings
        FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.sale_id = s.id) l ON true
      WHERE s.id > ${after} ORDER BY s.id LIMIT ${PAGE}`);
    for (const row of rows) {
      const sale = { amountCents: row.amount, refundedCents: row.refunded, feeCents: row.fee, commissionCents: row.commission };
      const fee = saleFeeCents(sale);
      const kept = saleKeptCents(sale);
      const expected = {
        provider: kept + row.tax - row.refund_tax,
        tax_payable: -(row.tax - row.refund_tax),
        fees: -fee,
        // The creator's and the affiliate's parts together: what the sale keeps less its fee.
        balance: -(kept - fee),
      };
      const posted = { provider: Number(row.provider ?? 0), tax_payable: Number(row.tax_payable ?? 0), fees: Number(row.fees ?? 0), balance: Number(row.balance ?? 0) };
      const wrong = (Object.keys(expected) as (keyof typeof expected)[]).filter((key) => expected[key] !== posted[key]);
      if (wrong.length) problems.push(`sale ${row.id}: ${wrong.map((key) => `${key} posted ${posted[key]}, expected ${expected[key]}`).join('; ')}`);
      if (row.refund_postings !== row.refunds) problems.push(`sale ${row.id} has ${row.refunds} refunds and ${row.refund_postings} refund postings`);
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}
