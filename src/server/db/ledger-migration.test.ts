import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../test/global-setup.ts';
import { migrationsBefore } from '../test/migrations-before.ts';
import { migrationsFolder } from '../paths.ts';
import { checkLedger } from '../modules/ledger/check.ts';
import { balanceOf } from '../modules/ledger/ledger.ts';
import { connectDatabase } from './client.ts';

// Migrations 0058 and 0059: the ledger opens with today's sales, refunds, paid invoices, plan payments and payouts, so that every
// balance on its first day is what the old formula (earnings less payouts) gave.

const name = `zerri_t_${process.pid}_ledger_${randomBytes(3).toString('hex')}`;
const adminUrl = inject('adminDatabaseUrl');
const folders: string[] = [];
afterAll(async () => {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the ledger’s opening migration', () => {
  it('posts every sale, refund, paid invoice, plan payment and payout so that the books check and each balance is the old one', async () => {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const database = connectDatabase(withDatabase(adminUrl, name), { max: 1 });
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    try {
      await migrate(database.db, { migrationsFolder: migrationsBefore('0058_ledger', folders) });
      for (const id of ['maya', 'aff', 'admin']) {
        await q(`INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES ($1, $1, $1 || '@example.com', true, now(), now())`, [id]);
      }
      await q(`INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider, paid_at) VALUES ('o1', 'products', 'b@example.com', 1190, 'paid', 'test', now()), ('o2', 'products', 'b@example.com', 3000, 'paid', 'test', now())`);
      // A sale of 1,000 with 190 tax, a 100 fee and a 100 commission, refunded 300 then 200 (with their tax).
      const sale = await q(
        `INSERT INTO sales (order_id, product_name, creator_id, buyer_email, amount_cents, tax_cents, fee_cents, affiliate_id, commission_cents, refunded_cents)
         VALUES ('o1', 'Guide', 'maya', 'b@example.com', 1000, 190, 100, 'aff', 100, 500) RETURNING id`,
      );
      const saleId = sale.rows[0].id as string;
      await q(`INSERT INTO sale_refunds (sale_id, amount_cents, tax_cents, reference, created_at) VALUES ($1, 300, 57, 'r1', now() - interval '1 minute'), ($1, 200, 38, 'r2', now())`, [saleId]);
      // A test-card sale of 3,000 with a 30 fee, kept whole.
      await q(`INSERT INTO sales (order_id, product_name, creator_id, buyer_email, amount_cents, fee_cents, test_mode) VALUES ('o2', 'Pack', 'maya', 'b@example.com', 3000, 30, true)`);
      // A paid invoice of 2,500.
      await q(`INSERT INTO invoices (id, user_id, total_cents, status, due_at) VALUES ('inv_1', 'maya', 2500, 'paid', now())`);
      await q(`INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider, paid_at, invoice_id) VALUES ('o3', 'invoice', 'c@example.com', 2500, 'paid', 'test', now(), 'inv_1')`);
      // Payouts: 400 completed, 300 processing, 900 failed.
      await q(
        `INSERT INTO payouts (user_id, amount_cents, method, status, idempotency_key, processed_by, processed_at) VALUES
         ('maya', 400, '{"type":"paypal","email":"m@example.com"}', 'completed', 'k1', 'admin', now()),
         ('maya', 300, '{"type":"paypal","email":"m@example.com"}', 'processing', 'k2', NULL, NULL),
         ('aff', 900, '{"type":"paypal","email":"a@example.com"}', 'failed', 'k3', 'admin', now())`,
      );

      // A creator's plan: a paid subscription of 900, and a failed renewal that posts nothing.
      await q(
        `INSERT INTO plan_invoices (id, user_id, plan, interval, kind, period_start, period_end, amount_cents, status) VALUES
         ('pin_paid', 'maya', 'pro', 'month', 'subscription', now(), now() + interval '1 month', 900, 'paid'),
         ('pin_failed', 'maya', 'pro', 'month', 'renewal', now() + interval '1 month', now() + interval '2 months', 900, 'failed')`,
      );

      await migrate(database.db, { migrationsFolder });
      expect(await checkLedger(database.db)).toEqual([]);
      // Maya: the sale keeps 500 of which the fee 50 and the commission 50 → 400, and the invoice 2,500, less 700 paid out.
      expect(await balanceOf(database.db, 'balance', 'maya', { testMode: false })).toBe(400 + 2500 - 700);
      expect(await balanceOf(database.db, 'balance', 'maya', { testMode: true })).toBe(3000 - 30);
      expect(await balanceOf(database.db, 'payouts_in_transit', 'maya', { testMode: false })).toBe(300);
      // The affiliate keeps half the commission; the failed payout gave its 900 back.
      expect(await balanceOf(database.db, 'balance', 'aff', { testMode: false })).toBe(50);
      const tax = await q(`SELECT sum(e.amount_cents)::int AS cents FROM ledger_entries e WHERE e.account = 'tax_payable'`);
      expect(tax.rows[0].cents).toBe(-(190 - 57 - 38));
      const plan = await q(`SELECT t.plan_invoice_id, sum(e.amount_cents) FILTER (WHERE e.account = 'provider')::int AS provider FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.kind = 'plan_payment' GROUP BY t.plan_invoice_id`);
      expect(plan.rows).toEqual([{ plan_invoice_id: 'pin_paid', provider: 900 }]);
    } finally {
      await database.close();
    }
  });
});
