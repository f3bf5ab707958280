// A local server speaking the part of Stripe's API that Zerri uses, for tests:
//   POST /v1/checkout/sessions  (form-encoded, Bearer secret key, Idempotency-Key) → a Checkout Session
//   GET  /v1/checkout/sessions/{id}                                               → the session
//   POST /v1/refunds  (payment_intent, amount; Idempotency-Key)                   → a Refund, never more than was paid
//   GET  /checkout/{id}  (the session's `url`): "pays" the session (giving it a payment_intent), POSTs a signed
//        checkout.session.completed event to the webhook URL (as Stripe does), then 303s to success_url.
// Webhooks carry `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" with the webhook secret>`.
// Stripe Billing (decision 027):
//   POST /v1/checkout/sessions with mode=subscription (line_items[][price_data][recurring][interval],
//        subscription_data[trial_period_days], subscription_data[metadata]); its page (GET /checkout/{id}?card=…)
//        makes a customer (the card typed: 4242… renews, 4000 0000 0000 0341 declines every later charge,
//        4000 0000 0000 0002 is refused on the page) and a subscription, trialing or active with its first invoice
//        paid, then delivers checkout.session.completed and invoice.paid.
//   GET  /v1/subscriptions/{id}; POST /v1/subscriptions/{id} (cancel_at_period_end, metadata, items[0][id] with
//        items[0][price_data] and proration_behavior create_prorations | always_invoice | none, payment_behavior
//        error_if_incomplete: a declined proration answers 402 and changes nothing); DELETE /v1/subscriptions/{id}.
//   POST /v1/checkout/sessions with mode=setup (customer, currency, setup_intent_data[metadata]): a card for a
//        subscription; its page (GET /checkout/{id}?card=…) makes a SetupIntent with a PaymentMethod of that card and
//        delivers checkout.session.completed. GET /v1/setup_intents/{id}. POST /v1/subscriptions/{id} with
//        default_payment_method: the card charged from then on. GET /v1/invoices/{id}; POST /v1/invoices/{id}/pay: an open invoice paid with
//        the card (402 when it declines, 400 when the invoice is not open).
//   Cards are PaymentMethods (a subscription-mode page's card is the subscription's default_payment_method):
//   GET /v1/payment_methods/{id} carries card.fingerprint, the same for the same card number. POST
//   /v1/subscriptions/{id} with trial_end=now ends a trial: the first period invoiced and charged at once
//   (invoice.paid, or invoice.payment_failed and past_due when the card declines), answered once per Idempotency-Key.
//   Events: invoice.paid, invoice.payment_failed, customer.subscription.updated, customer.subscription.deleted.
//   Test controls (no auth, JSON): POST /_test/subscriptions/{id}/renew {outcome?: 'paid'|'failed'} runs the
//   subscription's period end (renewal, decline, or the end of one set to cancel); POST /_test/invoices/{id}/pay
//   retries an open invoice; POST /_test/hold {hold} keeps new events undelivered; POST /_test/events/{id}/deliver
//   delivers (or replays) one; GET /_test/events lists them. Times come from `now()` (a test's movable clock).
// Stripe Connect (decision 035: Express accounts, separate charges and transfers). Calls on behalf of a connected
// account carry `Stripe-Account: acct_…` (403 when the account is unknown); POSTs honour Idempotency-Key (the
// same key on the same path, the same answer). Connect events name the account at the top level (`account`).
//   POST /v1/accounts (type=express, email, country, capabilities[transfers][requested], metadata) → an Account,
//        nothing enabled, requirements due (disabled_reason requirements.past_due), default_currency of its country;
//   GET  /v1/accounts/{id}.
//   POST /v1/account_links (account, refresh_url, return_url, type=account_onboarding) → { url: <server>/connect/
//        onboarding/{link}, expires_at (5 minutes) }. GET that url: Stripe's form ("Outcome" Verified | Pending
//        verification, "Submit details", a link back to return_url without finishing); its POST (or GET ?auto=1,
//        &outcome=pending optional) submits: details_submitted, charges_enabled, capabilities.transfers active,
//        payouts_enabled unless kept in verification, account.updated delivered, 303 to return_url. An expired or
//        used link 303s to refresh_url.
//   POST /v1/transfers (amount, currency, destination, transfer_group, source_transaction = a paid session's charge,
//        metadata) → a Transfer credited to the account's available balance; 400 for an unknown destination, one
//        whose transfers capability is not active, or more than is left of the source charge. GET /v1/transfers/{id}.
//   POST /v1/transfers/{id}/reversals (amount: the rest by default; metadata) → a TransferReversal debited from the
//        account's balance; 400 beyond what is left. GET /v1/transfers/{id}/reversals.
//   GET  /v1/balance → the Stripe-Account's Balance (without the header the platform's: charges less refunds and
//        transfers). GET /v1/payouts (limit, status) and /v1/payouts/{id} → the Stripe-Account's payouts, newest first.
//   GET  /v1/payment_intents/{id} → a paid payment-mode session's PaymentIntent (status succeeded, latest_charge
//        ch_…); GET /v1/charges/{id}.
//   Test controls (JSON): GET /_test/accounts lists the accounts; POST /_test/accounts/{id} {details_submitted?, charges_enabled?, payouts_enabled?,
//   currently_due?, transfers?: 'active'|'inactive'|'pending', verification?: 'pending'|'verified'} changes an
//   account and delivers account.updated ('pending' keeps it in verification: after onboarding charges and transfers
//   are on, payouts_enabled stays false until payouts_enabled: true or 'verified'); POST /_test/accounts/{id}/payout
//   {status?: 'paid'|'pending'|'in_transit'|'failed'} pays out each currency's whole available balance (refused while
//   payouts are disabled) and delivers payout.paid, payout.created, payout.updated or payout.failed (a failed payout's
//   amount goes back to the balance); POST /_test/payouts/{id} {status} settles a pending or in-transit payout.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

const sendJson = (res, value) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

const stripeError = (res, status, message, type = 'invalid_request_error') => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type } }));
};

/** Reads `line_items[0][price_data][unit_amount]`-style keys into nested objects and arrays. */
function parseForm(text) {
  const root = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return root;
}

export function signPayload(secret, payload, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** @returns {Promise<import('./stripe.d.mts').FakeStripe>} */
export async function startFakeStripe({ port = 0, apiKey = 'sk_test_fake', webhookSecret = 'whsec_fake', webhookUrl = '', now = () => Date.now() } = {}) {
  const sessions = new Map();
  const byIdempotencyKey = new Map();
  const refunds = [];
  const refundsByKey = new Map();
  let refundRefusal = '';
  let taxAddress = { country: 'FR', rateBps: 2000, vatNumber: '' };
  const requests = [];
  const events = [];
  const deliveries = [];
  const sockets = new Set();
  let target = webhookUrl;
  let base = '';

  async function deliver(event, { timestamp } = {}) {
    const body = JSON.stringify(event);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(webhookSecret, body, timestamp), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body,
    });
    const delivery = { eventId: event.id, type: event.type, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  // ---------- Billing ----------
  const customers = new Map();
  const subscriptions = new Map();
  const invoices = new Map();
  /** Cards given on a setup-mode page: PaymentMethod id → card number, and their SetupIntents. */
  const paymentMethods = new Map();
  const setupIntents = new Map();
  let holding = false;
  const seconds = () => Math.floor(now() / 1000);
  const newId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const digits = (card) => String(card ?? '').replace(/\D/g, '');
  const REFUSED_CARD = '4000000000000002';
  const DECLINES_LATER = '4000000000000341';
  /** Subscription updates already answered, by Idempotency-Key. */
  const updatesByKey = new Map();
  /** A PaymentMethod of a card number (the same number, the same fingerprint, as Stripe's). */
  function paymentMethod(card) {
    const method = newId('pm');
    paymentMethods.set(method, card);
    return method;
  }
  const fingerprint = (card) => createHash('sha256').update(`fake-stripe-card:${card}`).digest('hex').slice(0, 16);

  /** A period's end: `interval` (day, week, month, year) after `start` (unix seconds), by the calendar. */
  function periodEnd(start, interval) {
    const date = new Date(start * 1000);
    if (interval === 'day') date.setUTCDate(date.getUTCDate() + 1);
    else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7);
    else if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  /** Makes an event of the object as it is now; delivers it unless deliveries are held. */
  async function emit(type, object, created = seconds(), { account } = {}) {
    const event = { id: newId('evt'), object: 'event', type, api_version: '2024-06-20', created, livemode: false, data: { object: structuredClone(object) } };
    // Connect events (of a connected account) name it at the top level, as Stripe's do.
    if (account) event.account = account;
    events.push(event);
    if (holding || !target) return undefined;
    return deliver(event);
  }

  const item = (sub) => sub.items.data[0];

  /**
   * Charges the customer's card `amount` (their credit balance first): a paid or open invoice. The
   * first charge, on the Checkout page, goes through with the card that declines every later one.
   */
  function invoice(sub, { reason, amount, periodStart, periodEnd: end, created }) {
    const customer = customers.get(sub.customer);
    const due = Math.max(0, amount + customer.balance);
    customer.balance = Math.min(0, amount + customer.balance);
    const declines = due > 0 && ((customer.card === DECLINES_LATER && reason !== 'subscription_create') || customer.failNext);
    customer.failNext = false;
    const inv = {
      id: newId('in'),
      object: 'invoice',
      subscription: sub.id,
      customer: sub.customer,
      billing_reason: reason,
      currency: item(sub).price.currency,
      subtotal: amount,
      amount_due: due,
      amount_paid: declines ? 0 : due,
      status: declines ? 'open' : 'paid',
      attempt_count: 1,
      period_start: periodStart,
      period_end: end,
      lines: { object: 'list', data: [{ amount, period: { start: periodStart, end } }] },
      // Where the current API version names the invoice's subscription and its metadata.
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      created,
    };
    invoices.set(inv.id, inv);
    return inv;
  }

  function setPeriod(sub, start, end) {
    Object.assign(sub, { current_period_start: start, current_period_end: end });
    Object.assign(item(sub), { current_period_start: start, current_period_end: end });
  }

  /** The page of a subscription-mode session: a customer with the card typed, the subscription, its first invoice. */
  async function startSubscription(session, card) {
    const customer = { id: newId('cus'), object: 'customer', email: session.customer_email, card, balance: 0, failNext: false };
    customers.set(customer.id, customer);
    const line = session.line_items[0];
    const start = seconds();
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const sub = {
      id: newId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: trialDays > 0 ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_end: trialDays > 0 ? start + trialDays * 86400 : null,
      default_payment_method: paymentMethod(card),
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            quantity: 1,
            price: {
              id: newId('price'),
              object: 'price',
              product: newId('prod'),
              currency: line.price_data.currency ?? 'usd',
              unit_amount: Number(line.price_data.unit_amount),
              recurring: { interval: line.price_data.recurring.interval },
            },
          },
        ],
      },
      livemode: false,
      created: start,
    };
    setPeriod(sub, start, trialDays > 0 ? sub.trial_end : periodEnd(start, line.price_data.recurring.interval));
    subscriptions.set(sub.id, sub);
    const first = invoice(sub, { reason: 'subscription_create', amount: trialDays > 0 ? 0 : item(sub).price.unit_amount, periodStart: start, periodEnd: sub.current_period_end, created: start });
    sub.latest_invoice = first.id;
    Object.assign(session, { status: 'complete', payment_status: trialDays > 0 ? 'no_payment_required' : 'paid', customer: customer.id, subscription: sub.id });
    return { sub, first };
  }

  /**
   * The subscription's period end, as Stripe's clock reaches it: one set to cancel ends; else the next
   * period is invoiced to the card, paid (active) or declined (past_due, the invoice left open).
   */
  async function renew(subId, { outcome } = {}) {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    if (sub.status === 'canceled') throw new Error(`Subscription ${subId} has ended`);
    const at = sub.current_period_end;
    if (sub.cancel_at_period_end) {
      Object.assign(sub, { status: 'canceled', ended_at: at });
      await emit('customer.subscription.deleted', sub, at);
      return { subscription: sub };
    }
    if (outcome === 'failed') customers.get(sub.customer).failNext = true;
    const end = periodEnd(at, item(sub).price.recurring.interval);
    setPeriod(sub, at, end);
    const inv = invoice(sub, { reason: 'subscription_cycle', amount: item(sub).price.unit_amount, periodStart: at, periodEnd: end, created: at });
    sub.latest_invoice = inv.id;
    sub.status = inv.status === 'paid' ? 'active' : 'past_due';
    if (inv.status === 'paid') await emit('invoice.paid', inv, at);
    else await emit('invoice.payment_failed', inv, at);
    await emit('customer.subscription.updated', sub, at);
    return { subscription: sub, invoice: inv };
  }

  /** Retries an open invoice (the card was updated): it is paid and the subscription active again. */
  async function payInvoice(invoiceId) {
    const inv = invoices.get(invoiceId);
    if (!inv || inv.status !== 'open') throw new Error(`No open invoice ${invoiceId}`);
    Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due, attempt_count: inv.attempt_count + 1 });
    const sub = subscriptions.get(inv.subscription);
    await emit('invoice.paid', inv);
    if (sub.status === 'past_due') {
      sub.status = 'active';
      await emit('customer.subscription.updated', sub);
    }
    return inv;
  }

  /** POST /v1/subscriptions/{id}: Stripe's subscription update. */
  async function updateSubscription(res, sub, form) {
    if (sub.status === 'canceled') return stripeError(res, 400, 'A canceled subscription can only update its cancellation_details and metadata.');
    const price = form.items?.[0]?.price_data;
    if (price) {
      if (form.items[0].id !== item(sub).id) return stripeError(res, 400, `No such subscription item: '${form.items[0].id ?? ''}'`);
      const amount = Number(price.unit_amount);
      if (!Number.isInteger(amount) || amount < 1 || !price.product || !price.recurring?.interval) {
        return stripeError(res, 400, 'Invalid price_data: unit_amount, product and recurring[interval] are required.');
      }
      const old = item(sub).price;
      const behavior = form.proration_behavior ?? 'create_prorations';
      // Prorated to the second for the time left; nothing during a trial.
      const at = seconds();
      const left = Math.max(0, sub.current_period_end - at) / (sub.current_period_end - sub.current_period_start);
      const difference = sub.status === 'trialing' || behavior === 'none' ? 0 : Math.round((amount - old.unit_amount) * left);
      const customer = customers.get(sub.customer);
      if (difference > 0 && behavior === 'always_invoice') {
        if (customer.card === DECLINES_LATER && form.payment_behavior === 'error_if_incomplete') {
          return stripeError(res, 402, 'Your card was declined.', 'card_error');
        }
      }
      item(sub).price = { ...old, id: newId('price'), product: price.product, currency: price.currency ?? old.currency, unit_amount: amount, recurring: { interval: price.recurring.interval } };
      if (form.metadata) sub.metadata = { ...sub.metadata, ...form.metadata };
      if (difference > 0 && behavior === 'always_invoice') {
        const inv = invoice(sub, { reason: 'subscription_update', amount: difference, periodStart: at, periodEnd: sub.current_period_end, created: at });
        sub.latest_invoice = inv.id;
        await emit('invoice.paid', inv);
      } else if (difference < 0) {
        customer.balance += difference; // a credit taken off the next invoice
      }
    } else if (form.metadata) sub.metadata = { ...sub.metadata, ...form.metadata };
    if (form.default_payment_method !== undefined) {
      const card = paymentMethods.get(form.default_payment_method);
      if (!card) return stripeError(res, 400, `No such PaymentMethod: '${form.default_payment_method}'`);
      customers.get(sub.customer).card = card;
      sub.default_payment_method = form.default_payment_method;
    }
    if (form.trial_end === 'now' && sub.status === 'trialing') {
      // The trial ends now: a new period from now, invoiced and charged to the card at once.
      const at = seconds();
      const end = periodEnd(at, item(sub).price.recurring.interval);
      sub.trial_end = at;
      setPeriod(sub, at, end);
      const inv = invoice(sub, { reason: 'subscription_update', amount: item(sub).price.unit_amount, periodStart: at, periodEnd: end, created: at });
      sub.latest_invoice = inv.id;
      sub.status = inv.status === 'paid' ? 'active' : 'past_due';
      await emit(inv.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', inv);
    }
    if (form.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
      sub.canceled_at = sub.cancel_at_period_end ? seconds() : null;
    }
    await emit('customer.subscription.updated', sub);
    return sendJson(res, sub);
  }

  // ---------- Connect (Express accounts, separate charges and transfers; decision 035) ----------
  const accounts = new Map();
  const accountLinks = new Map();
  const transfers = new Map();
  const payouts = new Map();
  /** PaymentIntents of paid payment-mode sessions, and their charges (amount, currency). */
  const paymentIntents = new Map();
  const charges = new Map();
  /** Balances by account id ('' the platform's): currency → { available, pending } in minor units. */
  const balances = new Map();
  /** Connect answers already given, by method, path and Idempotency-Key. */
  const connectByKey = new Map();
  /** Accounts a test control set to stay in verification after onboarding. */
  const verificationPending = new Set();
  const EURO_COUNTRIES = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'];
  const LOCAL_CURRENCIES = { US: 'usd', GB: 'gbp', CH: 'chf', CA: 'cad', AU: 'aud', SE: 'sek', DK: 'dkk', NO: 'nok', PL: 'pln', CZ: 'czk', HU: 'huf', RO: 'ron', BG: 'bgn' };
  const defaultCurrency = (country) => (EURO_COUNTRIES.includes(country) ? 'eur' : (LOCAL_CURRENCIES[country] ?? 'usd'));
  const ONBOARDING_DUE = ['business_profile.mcc', 'business_profile.url', 'external_account', 'individual.dob.day', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date', 'tos_acceptance.ip'];
  const PENDING_VERIFICATION = ['individual.verification.document'];
  const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

  function balanceOf(accountId, currency) {
    let byCurrency = balances.get(accountId);
    if (!byCurrency) balances.set(accountId, (byCurrency = new Map()));
    let entry = byCurrency.get(currency);
    if (!entry) byCurrency.set(currency, (entry = { available: 0, pending: 0 }));
    return entry;
  }

  /** Stripe's Balance object of an account ('' the platform). */
  function balanceObject(accountId) {
    const fallback = accountId ? accounts.get(accountId)?.default_currency ?? 'usd' : 'usd';
    const byCurrency = balances.get(accountId) ?? new Map();
    const entries = byCurrency.size ? [...byCurrency] : [[fallback, { available: 0, pending: 0 }]];
    return {
      object: 'balance',
      available: entries.map(([currency, entry]) => ({ amount: entry.available, currency, source_types: { card: entry.available } })),
      pending: entries.map(([currency, entry]) => ({ amount: entry.pending, currency, source_types: { card: entry.pending } })),
      livemode: false,
    };
  }

  function createAccount(form) {
    const country = String(form.country ?? 'US').toUpperCase();
    const account = {
      id: newId('acct').slice(0, 21),
      object: 'account',
      type: form.type ?? 'express',
      email: form.email ?? null,
      country,
      default_currency: defaultCurrency(country),
      business_type: form.business_type ?? null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: {
        currently_due: [...ONBOARDING_DUE],
        eventually_due: [...ONBOARDING_DUE],
        past_due: [...ONBOARDING_DUE],
        pending_verification: [],
        errors: [],
        current_deadline: null,
        disabled_reason: 'requirements.past_due',
      },
      capabilities: Object.fromEntries(Object.entries(form.capabilities ?? { transfers: { requested: 'true' } }).filter(([, wanted]) => wanted?.requested === 'true').map(([name]) => [name, 'inactive'])),
      metadata: form.metadata ?? {},
      livemode: false,
      created: seconds(),
    };
    accounts.set(account.id, account);
    return account;
  }

  /**
   * Sets an account's state as Stripe's verification would: `verification` 'pending' keeps it in
   * verification (payouts off) until payouts_enabled or 'verified' is given; `transfers` the capability.
   */
  function setAccountState(account, changes) {
    if (changes.verification === 'pending') verificationPending.add(account.id);
    if (changes.verification === 'verified' || changes.payouts_enabled === true) verificationPending.delete(account.id);
    if (changes.verification === 'verified') {
      Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
      account.requirements.currently_due = [];
    }
    for (const field of ['details_submitted', 'charges_enabled', 'payouts_enabled']) {
      if (typeof changes[field] === 'boolean') account[field] = changes[field];
    }
    if (Array.isArray(changes.currently_due)) account.requirements.currently_due = changes.currently_due.map(String);
    const requirements = account.requirements;
    requirements.past_due = account.charges_enabled ? [] : [...requirements.currently_due];
    requirements.eventually_due = requirements.currently_due.length ? [...new Set([...requirements.currently_due, ...requirements.eventually_due])] : [];
    const pending = verificationPending.has(account.id) && account.details_submitted;
    if (pending) account.payouts_enabled = false;
    requirements.pending_verification = pending ? [...PENDING_VERIFICATION] : [];
    if (changes.transfers) account.capabilities.transfers = changes.transfers;
    else if (typeof changes.charges_enabled === 'boolean' || changes.verification === 'verified') account.capabilities.transfers = account.charges_enabled ? 'active' : 'inactive';
    requirements.disabled_reason = account.charges_enabled ? null : pending ? 'requirements.pending_verification' : 'requirements.past_due';
    return account;
  }

  /**
   * The onboarding form submitted: details in; verified (charges, payouts and transfers on), or, for an
   * account kept in verification, charges and transfers on and payouts off until a control verifies it.
   */
  async function submitOnboarding(account, outcome) {
    if (outcome === 'pending') verificationPending.add(account.id);
    setAccountState(account, { details_submitted: true, charges_enabled: true, payouts_enabled: !verificationPending.has(account.id), currently_due: [], transfers: 'active' });
    await emit('account.updated', account, seconds(), { account: account.id });
    return account;
  }

  /** A link's id, its URL, or an account's id → the link (or null) and the account. */
  function onboardingTarget(linkOrAccount) {
    const text = String(linkOrAccount);
    const link = accountLinks.get(text.split('/').at(-1).split('?')[0]);
    const account = accounts.get(link ? link.account : text);
    if (!account) throw new Error(`No account link or account ${text}`);
    return { link, account };
  }

  /** Pays out the account's whole available balance, one payout per currency. */
  async function payoutAccount(accountId, { status = 'paid' } = {}) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No such account: '${accountId}'`);
    if (!account.payouts_enabled) throw new Error(`Payouts are not enabled on ${accountId}`);
    if (!['paid', 'pending', 'in_transit', 'failed'].includes(status)) throw new Error(`Unknown payout status ${status}`);
    const made = [];
    for (const [currency, entry] of balances.get(accountId) ?? []) {
      if (entry.available <= 0) continue;
      const at = seconds();
      const payout = {
        id: newId('po'),
        object: 'payout',
        amount: entry.available,
        currency,
        status,
        arrival_date: status === 'paid' ? at : at + 2 * 86400,
        automatic: true,
        balance_transaction: newId('txn'),
        destination: newId('ba'),
        failure_code: null,
        failure_message: null,
        method: 'standard',
        type: 'bank_account',
        metadata: {},
        livemode: false,
        created: at,
        account: accountId,
      };
      entry.available = 0;
      payouts.set(payout.id, payout);
      made.push(payout);
      await settle(payout, status);
    }
    return made;
  }

  /** A payout reaching a status, its event; a failed one gives its amount back to the balance. */
  async function settle(payout, status) {
    payout.status = status;
    if (status === 'failed') {
      Object.assign(payout, { failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
      balanceOf(payout.account, payout.currency).available += payout.amount;
    }
    if (status === 'paid') payout.arrival_date = Math.min(payout.arrival_date, seconds());
    const type = { paid: 'payout.paid', failed: 'payout.failed', pending: 'payout.created', in_transit: 'payout.updated' }[status];
    const { account, ...object } = payout;
    await emit(type, object, seconds(), { account });
    return payout;
  }

  async function settlePayout(payoutId, status) {
    const payout = payouts.get(payoutId);
    if (!payout) throw new Error(`No such payout: '${payoutId}'`);
    if (payout.status === 'paid' || payout.status === 'failed') throw new Error(`Payout ${payoutId} is already ${payout.status}`);
    return settle(payout, status);
  }

  const payoutObject = ({ account: _account, ...payout }) => payout;

  /** A test control's change of an account (as Stripe's verification would make it), its account.updated. */
  async function updateAccount(accountId, changes = {}) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No such account: '${accountId}'`);
    setAccountState(account, changes);
    await emit('account.updated', account, seconds(), { account: account.id });
    return account;
  }

  /** Submits the onboarding of a link (its id or URL) or of an account, as its page's form does. */
  async function completeOnboarding(linkOrAccount, { outcome } = {}) {
    const { link, account } = onboardingTarget(linkOrAccount);
    if (link) link.used = true;
    return submitOnboarding(account, outcome);
  }

  /** POST /v1/transfers, /v1/transfers/{id}/reversals and the other Connect routes; true when one answered. */
  async function connectRoute(req, res, url, body) {
    const answer = (value) => {
      sendJson(res, value);
      return true;
    };
    const refuse = (status, message) => {
      stripeError(res, status, message);
      return true;
    };
    const key = req.headers['idempotency-key'];
    const keyOf = key ? `${req.method} ${url.pathname} ${key}` : '';
    if (keyOf && connectByKey.has(keyOf)) return answer(connectByKey.get(keyOf));
    /** An answer given once per Idempotency-Key. */
    const once = (value) => {
      if (keyOf) connectByKey.set(keyOf, value);
      return answer(value);
    };
    const connected = req.headers['stripe-account'] ?? '';
    if (connected && !accounts.has(connected)) {
      return refuse(403, `The provided key '${apiKey.slice(0, 8)}…' does not have access to account '${connected}' (or that account does not exist). Application access may have been revoked.`);
    }

    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      const form = parseForm(body);
      if (form.type && form.type !== 'express') return refuse(400, `This fake makes Express accounts only (type: '${form.type}').`);
      return once(createAccount(form));
    }
    const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1]);
      return account ? answer(account) : refuse(404, `No such account: '${accountPath[1]}'`);
    }

    if (req.method === 'POST' && url.pathname === '/v1/account_links') {
      const form = parseForm(body);
      if (!form.account) return refuse(400, 'Missing required param: account.');
      if (!accounts.has(form.account)) return refuse(400, `No such account: '${form.account}'`);
      if (!form.refresh_url) return refuse(400, 'Missing required param: refresh_url.');
      if (!form.return_url) return refuse(400, 'Missing required param: return_url.');
      if (form.type !== 'account_onboarding' && form.type !== 'account_update') return refuse(400, "Invalid type: must be one of account_onboarding or account_update");
      const id = randomBytes(12).toString('hex');
      const created = seconds();
      const link = { id, account: form.account, refresh_url: form.refresh_url, return_url: form.return_url, type: form.type, used: false };
      accountLinks.set(id, link);
      // Stripe's links last five minutes and are good for one visit.
      link.expires_at = created + 300;
      return once({ object: 'account_link', created, expires_at: link.expires_at, url: `${base}/connect/onboarding/${id}` });
    }

    if (req.method === 'POST' && url.pathname === '/v1/transfers') {
      const form = parseForm(body);
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) return refuse(400, 'Invalid positive integer: amount.');
      if (!form.currency) return refuse(400, 'Missing required param: currency.');
      if (!form.destination) return refuse(400, 'Missing required param: destination.');
      const destination = accounts.get(form.destination);
      if (!destination) return refuse(400, `No such destination: '${form.destination}'`);
      if (destination.capabilities.transfers !== 'active') {
        return refuse(400, 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments');
      }
      const currency = String(form.currency).toLowerCase();
      if (form.source_transaction) {
        const charge = charges.get(form.source_transaction);
        if (!charge) return refuse(400, `No such charge: '${form.source_transaction}'`);
        if (charge.currency !== currency) return refuse(400, `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`);
        const transferred = [...transfers.values()].filter((transfer) => transfer.source_transaction === charge.id).reduce((sum, transfer) => sum + transfer.amount, 0);
        if (transferred + amount > charge.amount) {
          return refuse(400, `Insufficient funds in the source transaction: the transfer amount (${amount}) is greater than what is left of charge ${charge.id} (${charge.amount - transferred}).`);
        }
      }
      const id = newId('tr');
      const transfer = {
        id,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        balance_transaction: newId('txn'),
        currency,
        description: form.description ?? null,
        destination: destination.id,
        destination_payment: newId('py'),
        metadata: form.metadata ?? {},
        reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
        reversed: false,
        source_transaction: form.source_transaction ?? null,
        source_type: 'card',
        transfer_group: form.transfer_group ?? null,
        livemode: false,
        created: seconds(),
      };
      transfers.set(id, transfer);
      balanceOf('', currency).available -= amount;
      balanceOf(destination.id, currency).available += amount;
      return once(structuredClone(transfer));
    }
    const transferPath = /^\/v1\/transfers\/(tr_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && transferPath) {
      const transfer = transfers.get(transferPath[1]);
      return transfer ? answer(transfer) : refuse(404, `No such transfer: '${transferPath[1]}'`);
    }
    const reversalsPath = /^\/v1\/transfers\/(tr_\w+)\/reversals$/.exec(url.pathname);
    if (reversalsPath) {
      const transfer = transfers.get(reversalsPath[1]);
      if (!transfer) return refuse(404, `No such transfer: '${reversalsPath[1]}'`);
      if (req.method === 'GET') return answer(transfer.reversals);
      if (req.method !== 'POST') return false;
      const form = parseForm(body);
      const left = transfer.amount - transfer.amount_reversed;
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return refuse(400, left === 0 ? `Transfer ${transfer.id} has already been fully reversed.` : 'Invalid positive integer: amount.');
      }
      if (amount > left) {
        return refuse(400, `Transfer reversal amount ($${(amount / 100).toFixed(2)}) is greater than the amount left on the transfer ($${(left / 100).toFixed(2)})`);
      }
      const reversal = {
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        balance_transaction: newId('txn'),
        currency: transfer.currency,
        destination_payment_refund: newId('pyr'),
        metadata: form.metadata ?? {},
        source_refund: null,
        transfer: transfer.id,
        created: seconds(),
      };
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      transfer.reversals.data.unshift(reversal);
      transfer.reversals.total_count += 1;
      balanceOf(transfer.destination, transfer.currency).available -= amount;
      balanceOf('', transfer.currency).available += amount;
      return once(structuredClone(reversal));
    }

    if (req.method === 'GET' && url.pathname === '/v1/balance') return answer(balanceObject(connected));

    if (req.method === 'GET' && url.pathname === '/v1/payouts') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const status = url.searchParams.get('status');
      // Newest first (the Map holds them in the order they were made).
      const newest = [...payouts.values()].filter((payout) => payout.account === connected && (!status || payout.status === status)).reverse();
      return answer({ object: 'list', data: newest.slice(0, limit).map(payoutObject), has_more: newest.length > limit, url: '/v1/payouts' });
    }
    const payoutPath = /^\/v1\/payouts\/(po_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && payoutPath) {
      const payout = payouts.get(payoutPath[1]);
      if (!payout || payout.account !== connected) return refuse(404, `No such payout: '${payoutPath[1]}'`);
      return answer(payoutObject(payout));
    }

    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && intentPath) {
      const intent = paymentIntents.get(intentPath[1]);
      return intent ? answer(intent) : refuse(404, `No such payment_intent: '${intentPath[1]}'`);
    }
    const chargePath = /^\/v1\/charges\/(ch_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && chargePath) {
      const charge = charges.get(chargePath[1]);
      return charge ? answer(charge) : refuse(404, `No such charge: '${chargePath[1]}'`);
    }
    return false;
  }

  /** GET /connect/onboarding/{link} (the creator's browser; ?auto=1 submits at once) and its form's POST. */
  async function onboardingPage(req, res, url, body) {
    const link = accountLinks.get(/^\/connect\/onboarding\/(\w+)$/.exec(url.pathname)?.[1] ?? '');
    if (!link) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Link not found</title><h1>This link is not valid</h1>');
    }
    const account = accounts.get(link.account);
    const redirect = (location) => {
      res.writeHead(303, { location });
      res.end();
    };
    // An expired or already used link sends the browser to refresh_url, where the platform makes a new one.
    if (link.used || seconds() > link.expires_at) return redirect(link.refresh_url);
    const submitted = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams.get('auto') === '1' ? url.searchParams : null;
    if (submitted) {
      link.used = true;
      await submitOnboarding(account, submitted.get('outcome') ?? undefined);
      return redirect(link.return_url);
    }
    if (req.method !== 'GET') return stripeError(res, 405, 'Method not allowed');
    const pending = verificationPending.has(account.id);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Set up payouts (test Stripe)</title></head>
<body>
<h1>Set up payouts</h1>
<p>Test Stripe Express onboarding for ${escapeHtml(account.email ?? account.id)} (${escapeHtml(account.country)}).</p>
<form method="post" action="${escapeHtml(url.pathname)}">
<label for="outcome">Outcome</label>
<select id="outcome" name="outcome">
<option value="verified"${pending ? '' : ' selected'}>Verified</option>
<option value="pending"${pending ? ' selected' : ''}>Pending verification</option>
</select>
<button type="submit">Submit details</button>
</form>
<p><a href="${escapeHtml(link.return_url)}">Return without finishing</a></p>
</body></html>`);
  }

  /** Routes of the test controls; true when one answered. */
  async function testControl(req, res, url, body) {
    const json = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value ?? null));
      return true;
    };
    const input = body ? JSON.parse(body) : {};
    try {
      const renewPath = /^\/_test\/subscriptions\/(sub_\w+)\/renew$/.exec(url.pathname);
      if (req.method === 'POST' && renewPath) return json(200, await renew(renewPath[1], input));
      const payPath = /^\/_test\/invoices\/(in_\w+)\/pay$/.exec(url.pathname);
      if (req.method === 'POST' && payPath) return json(200, await payInvoice(payPath[1]));
      if (req.method === 'POST' && url.pathname === '/_test/hold') {
        holding = Boolean(input.hold);
        return json(200, { hold: holding });
      }
      const deliverPath = /^\/_test\/events\/(evt_\w+)\/deliver$/.exec(url.pathname);
      if (req.method === 'POST' && deliverPath) {
        const event = events.find((candidate) => candidate.id === deliverPath[1]);
        return event ? json(200, await deliver(event)) : json(404, { error: { message: 'No such event' } });
      }
      if (req.method === 'GET' && url.pathname === '/_test/events') return json(200, { data: events });
      if (req.method === 'GET' && url.pathname === '/_test/accounts') return json(200, { data: [...accounts.values()] });
      const accountPayoutPath = /^\/_test\/accounts\/(acct_\w+)\/payout$/.exec(url.pathname);
      if (req.method === 'POST' && accountPayoutPath) return json(200, { data: (await payoutAccount(accountPayoutPath[1], input)).map(payoutObject) });
      const accountControlPath = /^\/_test\/accounts\/(acct_\w+)$/.exec(url.pathname);
      if (req.method === 'POST' && accountControlPath) return json(200, await updateAccount(accountControlPath[1], input));
      const payoutControlPath = /^\/_test\/payouts\/(po_\w+)$/.exec(url.pathname);
      if (req.method === 'POST' && payoutControlPath) return json(200, payoutObject(await settlePayout(payoutControlPath[1], input.status)));
    } catch (error) {
      return json(400, { error: { message: error.message } });
    }
    return false;
  }

  async function complete(sessionId) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.status !== 'complete') {
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${randomBytes(12).toString('hex')}` });
      // Its PaymentIntent and charge (a transfer's source_transaction); the money reaches the platform's balance.
      const charge = { id: newId('ch'), object: 'charge', amount: session.amount_total, amount_refunded: 0, currency: session.currency, paid: true, status: 'succeeded', payment_intent: session.payment_intent, transfer_group: null, created: seconds() };
      charges.set(charge.id, charge);
      paymentIntents.set(session.payment_intent, { id: session.payment_intent, object: 'payment_intent', status: 'succeeded', amount: session.amount_total, amount_received: session.amount_total, currency: session.currency, latest_charge: charge.id, metadata: { ...session.metadata }, created: charge.created });
      balanceOf('', session.currency).available += session.amount_total;
    }
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...session } },
    };
    events.push(event);
    return deliver(event);
  }

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url, base);
    requests.push({ method: req.method, path: url.pathname, headers: req.headers, body });

    const payPage = /^\/checkout\/(cs_test_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && payPage) {
      const session = sessions.get(payPage[1]);
      if (!session) return stripeError(res, 404, 'No such checkout session');
      // A card typed on the page (subscription and setup modes); this one is refused there.
      const card = digits(url.searchParams.get('card') ?? '4242 4242 4242 4242');
      if (session.mode !== 'payment' && card === REFUSED_CARD) {
        res.writeHead(402, { 'content-type': 'text/html' });
        return res.end('<p>Your card was declined.</p>');
      }
      if (session.mode === 'setup') {
        if (session.status !== 'complete') {
          const method = paymentMethod(card);
          const intent = { id: newId('seti'), object: 'setup_intent', status: 'succeeded', customer: session.customer, payment_method: method, metadata: { ...(session.setup_intent_data.metadata ?? {}) } };
          setupIntents.set(intent.id, intent);
          Object.assign(session, { status: 'complete', setup_intent: intent.id });
          await emit('checkout.session.completed', session);
        }
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      if (session.mode === 'subscription') {
        if (session.status !== 'complete') {
          const { first } = await startSubscription(session, card);
          await emit('checkout.session.completed', session);
          await emit('invoice.paid', first);
        }
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      await complete(session.id);
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }

    if (url.pathname.startsWith('/connect/onboarding/')) return onboardingPage(req, res, url, body);
    if (url.pathname.startsWith('/_test/') && (await testControl(req, res, url, body))) return;
    if (!url.pathname.startsWith('/v1/')) return stripeError(res, 404, 'Unrecognized request URL');

    const subscriptionPath = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(url.pathname);
    if (subscriptionPath) {
      const sub = subscriptions.get(subscriptionPath[1]);
      if (!sub) return stripeError(res, 404, `No such subscription: '${subscriptionPath[1]}'`);
      if (req.method === 'POST') {
        const key = req.headers['idempotency-key'];
        if (key && updatesByKey.has(key)) return sendJson(res, updatesByKey.get(key));
        if (key) updatesByKey.set(key, sub);
        return updateSubscription(res, sub, parseForm(body));
      }
      if (req.method === 'DELETE') {
        if (sub.status !== 'canceled') {
          Object.assign(sub, { status: 'canceled', canceled_at: seconds(), ended_at: seconds() });
          await emit('customer.subscription.deleted', sub);
        }
      }
      return sendJson(res, sub);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return stripeError(res, 401, 'Invalid API Key provided.', 'authentication_error');

    const methodPath = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && methodPath) {
      const card = paymentMethods.get(methodPath[1]);
      if (!card) return stripeError(res, 404, `No such PaymentMethod: '${methodPath[1]}'`);
      return sendJson(res, { id: methodPath[1], object: 'payment_method', type: 'card', card: { last4: card.slice(-4), fingerprint: fingerprint(card) } });
    }

    const intentPath = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && intentPath) {
      const intent = setupIntents.get(intentPath[1]);
      if (!intent) return stripeError(res, 404, `No such setupintent: '${intentPath[1]}'`);
      return sendJson(res, intent);
    }

    const invoicePath = /^\/v1\/invoices\/(in_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && invoicePath) {
      const inv = invoices.get(invoicePath[1]);
      if (!inv) return stripeError(res, 404, `No such invoice: '${invoicePath[1]}'`);
      return sendJson(res, inv);
    }

    const invoicePayPath = /^\/v1\/invoices\/(in_\w+)\/pay$/.exec(url.pathname);
    if (req.method === 'POST' && invoicePayPath) {
      const inv = invoices.get(invoicePayPath[1]);
      if (!inv) return stripeError(res, 404, `No such invoice: '${invoicePayPath[1]}'`);
      if (inv.status !== 'open') return stripeError(res, 400, 'Invoice is already paid.');
      if (customers.get(inv.customer).card === DECLINES_LATER) {
        inv.attempt_count += 1;
        return stripeError(res, 402, 'Your card was declined.', 'card_error');
      }
      const paid = await payInvoice(inv.id);
      return sendJson(res, paid);
    }

    const sessionPath = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return stripeError(res, 404, 'No such checkout session');
      return sendJson(res, session);
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = req.headers['idempotency-key'];
      if (key && refundsByKey.has(key)) {
        return sendJson(res, refundsByKey.get(key));
      }
      if (refundRefusal) return stripeError(res, 400, refundRefusal);
      const form = parseForm(body);
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent && candidate.payment_intent === form.payment_intent);
      if (!session) return stripeError(res, 404, `No such payment_intent: '${form.payment_intent ?? ''}'`);
      const refunded = refunds.filter((refund) => refund.payment_intent === session.payment_intent).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = form.amount === undefined ? session.amount_total - refunded : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) return stripeError(res, 400, 'Invalid positive integer: amount.');
      if (refunded + amount > session.amount_total) {
        return stripeError(res, 400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((session.amount_total - refunded) / 100).toFixed(2)})`);
      }
      const refund = { id: `re_test_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: session.currency, payment_intent: session.payment_intent, metadata: form.metadata ?? {}, status: 'succeeded' };
      refunds.push(refund);
      balanceOf('', refund.currency).available -= amount;
      const charge = charges.get(paymentIntents.get(refund.payment_intent)?.latest_charge);
      if (charge) charge.amount_refunded += amount;
      if (key) refundsByKey.set(key, refund);
      return sendJson(res, refund);
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return stripeError(res, 400, 'Expected a form-encoded body.');
      }
      const key = req.headers['idempotency-key'];
      if (key && byIdempotencyKey.has(key)) {
        return sendJson(res, sessions.get(byIdempotencyKey.get(key)));
      }
      const form = parseForm(body);
      if (form.mode === 'setup') {
        // A card for later charges: a customer's, in a currency, no line items.
        if (!form.success_url) return stripeError(res, 400, 'Missing required param: success_url.');
        if (!customers.has(form.customer)) return stripeError(res, 400, `No such customer: '${form.customer ?? ''}'`);
        if (!form.currency) return stripeError(res, 400, 'Missing required param: currency.');
        if (form.line_items) return stripeError(res, 400, 'You cannot pass `line_items` in `setup` mode.');
        const id = `cs_test_${randomBytes(16).toString('hex')}`;
        const session = {
          id,
          object: 'checkout.session',
          mode: 'setup',
          status: 'open',
          customer: form.customer,
          currency: form.currency,
          setup_intent: null,
          setup_intent_data: form.setup_intent_data ?? {},
          metadata: form.metadata ?? {},
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? null,
          url: `${base}/checkout/${id}`,
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, id);
        return sendJson(res, session);
      }
      if (form.mode !== 'payment' && form.mode !== 'subscription') return stripeError(res, 400, 'Missing required param: mode.');
      const recurring = form.mode === 'subscription';
      if (!form.success_url) return stripeError(res, 400, 'Missing required param: success_url.');
      const lines = Object.values(form.line_items ?? {});
      if (lines.length === 0) return stripeError(res, 400, 'Missing required param: line_items.');
      let amountTotal = 0;
      for (const line of lines) {
        const amount = Number(line.price_data?.unit_amount);
        const quantity = Number(line.quantity ?? 1);
        if (!Number.isInteger(amount) || amount < 1 || !line.price_data?.product_data?.name) {
          return stripeError(res, 400, 'Invalid line item: unit_amount must be a positive integer and product_data[name] is required.');
        }
        if (recurring !== Boolean(line.price_data.recurring)) {
          return stripeError(res, 400, recurring ? 'In subscription mode, every line item needs price_data[recurring][interval].' : 'You specified `payment` mode but passed a recurring price.');
        }
        if (recurring && !['day', 'week', 'month', 'year'].includes(line.price_data.recurring.interval)) return stripeError(res, 400, 'Invalid recurring[interval].');
        amountTotal += amount * quantity;
      }
      if (recurring && lines.length !== 1) return stripeError(res, 400, 'This fake takes one recurring line item.');
      // Stripe Tax: with automatic_tax on, the buyer's address (taxAddress) and its rate add tax on top.
      const taxed = form.automatic_tax?.enabled === 'true';
      const amountTax = taxed ? lines.reduce((sum, line) => sum + Math.round((Number(line.price_data.unit_amount) * Number(line.quantity ?? 1) * taxAddress.rateBps) / 10_000), 0) : 0;
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        ...(recurring ? { subscription: null, customer: null, subscription_data: form.subscription_data ?? {} } : {}),
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: amountTotal,
        amount_total: amountTotal + amountTax,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: amountTax },
        automatic_tax: { enabled: taxed, status: taxed ? 'complete' : null },
        customer_details: taxed ? { address: { country: taxAddress.country }, tax_ids: taxAddress.vatNumber ? [{ type: 'eu_vat', value: taxAddress.vatNumber }] : [] } : null,
        currency: lines[0].price_data.currency ?? 'usd',
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        line_items: lines,
        url: `${base}/checkout/${id}`,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, id);
      return sendJson(res, session);
    }
    if (await connectRoute(req, res, url, body)) return;
    return stripeError(res, 404, 'Unrecognized request URL');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    apiKey,
    webhookSecret,
    sessions,
    refunds,
    /** The address buyers type on Stripe's page and the rate Stripe Tax finds for it (basis points). */
    setTaxAddress: (next) => {
      taxAddress = { ...taxAddress, ...next };
    },
    /** Makes every new refund fail with this message (Stripe's 400); '' lets them through again. */
    refuseRefunds: (message) => {
      refundRefusal = message;
    },
    requests,
    events,
    deliveries,
    customers,
    subscriptions,
    invoices,
    /** Stripe's clock reaches the subscription's period end: renewal (paid, or 'failed' as a declining card), or its end. */
    renew,
    payInvoice,
    /** Keeps new events undelivered (true) to deliver them later in any order with `deliver`. */
    hold: (next) => {
      holding = next;
    },
    setWebhookUrl: (next) => {
      target = next;
    },
    complete,
    /** Sends an already delivered event again (Stripe retries and replays), freshly signed. */
    replay: (eventId) => {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return deliver(event);
    },
    deliver,
    accounts,
    transfers,
    payouts,
    paymentIntents,
    charges,
    /** An account's Balance as GET /v1/balance answers it (no id: the platform's). */
    balance: (accountId = '') => balanceObject(accountId),
    /** Submits an account's onboarding (a link's id or URL, or the account's id), as its page's form does. */
    completeOnboarding,
    /** POST /_test/accounts/{id}: changes an account's state, delivering account.updated. */
    updateAccount,
    /** POST /_test/accounts/{id}/payout: pays out the whole available balance, one payout per currency. */
    payout: async (accountId, options) => (await payoutAccount(accountId, options)).map(payoutObject),
    /** POST /_test/payouts/{id}: a pending or in-transit payout reaches a status (paid, failed, in_transit). */
    settlePayout: async (payoutId, status) => payoutObject(await settlePayout(payoutId, status)),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
