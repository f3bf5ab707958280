// A free "purchase" makes no customer by itself (decision 020): anyone can get a free product for any
// address. Its receipt carries a signed link; the buyer's yes on its page (POST) records the address
// as the creator's customer (audience_buyer_confirmations), so their posts reach it from then on.
import { inArray } from 'drizzle-orm';
import { AUDIENCE_BUYER_CONFIRM_PATH } from '#shared/audience.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import type { MailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { confirmBuyer, countsAsCustomer, creatorName } from './queries.ts';
import { AudienceTokens } from './tokens.ts';

/** What a receipt needs of its sales. */
interface ReceiptSale {
  creatorId: string | null;
  amountCents: number;
  status: string;
}

/**
 * The receipt's lines asking `email` to confirm, one per creator of a free completed sale in it whose
 * address is not yet their customer (nor one of the creator's own addresses, which never are).
 */
export async function audienceConfirmLines(ctx: AppContext, executor: Executor, email: string, made: readonly ReceiptSale[], texts: MailTexts): Promise<string[]> {
  const address = email.trim().toLowerCase();
  const creatorIds = [...new Set(made.filter((sale) => sale.status === 'completed' && sale.amountCents === 0 && sale.creatorId).map((sale) => sale.creatorId!))];
  if (!creatorIds.length) return [];
  const names = new Map((await executor.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, creatorIds))).map((row) => [row.id, row]));
  const tokens = new AudienceTokens(ctx.auth.options.secret);
  const lines: string[] = [];
  for (const creatorId of creatorIds) {
    const creator = names.get(creatorId);
    // A customer already (an earlier yes), or the creator's own account: nothing to ask.
    if (!creator || creator.email.toLowerCase() === address || (await countsAsCustomer(executor, creatorId, address, 0))) continue;
    const url = `${ctx.config.PUBLIC_URL}${AUDIENCE_BUYER_CONFIRM_PATH}?token=${tokens.sign('purchase', { creatorId, email: address })}`;
    lines.push(texts.receipt.confirmAudience({ store: creator.name, url }));
  }
  return lines;
}

/** The page's question for a valid link: the creator's name and the address; undefined for any other token. */
export async function buyerConfirmation(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<{ store: string; email: string } | undefined> {
  const value = tokens.verify('purchase', token);
  if (!value) return undefined;
  const creator = await creatorName(ctx.database.db, value.creatorId);
  return creator ? { store: creator.name, email: value.email } : undefined;
}

/** The buyer's yes (the page's POST): the address is the creator's customer from now on; false for an invalid token. */
export async function confirmBuyerByToken(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<boolean> {
  const value = tokens.verify('purchase', token);
  if (!value) return false;
  const creator = await creatorName(ctx.database.db, value.creatorId);
  if (!creator) return false;
  await ctx.database.db.transaction((tx) => confirmBuyer(tx, value.creatorId, value.email));
  return true;
}
