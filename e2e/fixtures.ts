import { createRequire } from 'node:module';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';
import { expect, request as playwrightRequest, test as base, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import type { z } from 'zod';
import type { CheckoutStarted } from '../src/shared/orders-api.ts';
import type { checkoutSchema } from '../src/shared/orders-forms.ts';

export const PASSWORD = 'correct-horse-battery';
export const ADMIN_EMAIL = 'admin-e2e@example.com';

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Creates and confirms an account through the API (the UI journey has its own spec). The confirmation
 * link signs in, so it is opened by a throwaway client: `request` (often the page's) stays signed out.
 */
export async function createConfirmedAccount(request: APIRequestContext, options: { email: string; role?: string; name?: string }) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email: options.email, password: PASSWORD, name: options.name ?? 'E2E Person', role: options.role ?? 'creator' },
  });
  expect(response.ok()).toBe(true);
  const mailbox = await (await request.get('/dev/mailbox')).text();
  const link = new RegExp(`To ${options.email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?href="([^"]+)"`).exec(mailbox)?.[1];
  if (!link) return;
  const confirmer = await playwrightRequest.newContext();
  try {
    await confirmer.get(link.replaceAll('&#38;', '&'), { maxRedirects: 0 });
  } finally {
    await confirmer.dispose();
  }
}

export async function logInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Login' }).click();
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Signs `page`'s browser in through the API (the login form has its own journeys in auth.spec.ts) and
 * opens `path`: by default /auth, which sends a signed-in visitor to their role's home, as the form
 * does after logging in; a journey about another page opens that one at once.
 */
export async function logIn(page: Page, email: string, path = '/auth') {
  await signInThroughApi(page.request, email);
  await page.goto(path);
}

/** A new confirmed account (createConfirmedAccount) signed in on `request`'s client; no page is opened. */
export async function createSignedInAccount(request: APIRequestContext, options: { email: string; role?: string; name?: string }) {
  await createConfirmedAccount(request, options);
  await signInThroughApi(request, options.email);
}

/** Signs `request`'s client in (its cookie jar: a page's request signs the page in). */
export async function signInThroughApi(request: APIRequestContext, email: string, password = PASSWORD) {
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: test.info().project.use.baseURL! } });
  expect(signIn.ok(), `sign-in of ${email}: ${signIn.status()}`).toBe(true);
  // The session is the account asked for (better-auth answers with its user).
  expect(((await signIn.json()) as { user: { email: string } }).user.email).toBe(email.toLowerCase());
}

/**
 * Opens `path` as the app's own links do when the app is already open on another of its pages (the
 * router follows the history entry, no reload: a reload of the whole app for each page
 * was a third of the every-page spec's CPU), else by loading it. The new page is in once an h1 that was not on
 * the former page shows.
 */
export async function openPage(page: Page, path: string) {
  const target = new URL(path, 'http://app');
  const current = page.url() === 'about:blank' ? undefined : new URL(page.url());
  const inApp =
    current !== undefined &&
    !current.pathname.startsWith('/@') &&
    !target.pathname.startsWith('/@') &&
    // Another page, not the same one with other parameters (its h1 may stay the same element).
    current.pathname !== target.pathname &&
    // A page the server wrote has no router until the app takes over (decision 037).
    (await page.locator('#root[data-server-page]').count()) === 0;
  if (!inApp) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    return;
  }
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-former-page', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('h1:not([data-former-page])').first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(target.pathname);
}

/**
 * The axe-core that @axe-core/playwright ships (the version every journey was checked with). It is
 * loaded into a document once: that builder sends the whole script again before every run, which
 * cost a second or two each time on a busy machine, and finishes each run in a new blank page.
 */
const AXE_SOURCE = (() => {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return (fromBuilder('axe-core') as { source: string }).source;
})();

declare global {
  /** axe, once runAxe has loaded it into the page. */
  interface Window {
    axe?: typeof import('axe-core');
  }
}

/** axe's own `axe.run` in the page (the builder's legacy mode), with axe loaded into every frame that lacks it. */
async function runAxe(page: Page, context: ContextObject, options: RunOptions): Promise<AxeResults> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => 'axe' in window)) continue;
      await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(() => window.axe!.configure({ allowedOrigins: ['<same_origin>'] }));
    } catch {
      // A frame that is gone or cannot run scripts (a sandboxed preview) is left out, as the builder does.
    }
  }
  // In and out as JSON: axe's types are too deep for evaluate's typing.
  const json = await page.evaluate(async (input: string) => {
    const { context, options } = JSON.parse(input) as { context: ContextObject; options: RunOptions };
    return JSON.stringify(await window.axe!.run(context, options));
  }, JSON.stringify({ context, options }));
  return JSON.parse(json) as AxeResults;
}

/** The axe rules whose outcome depends on the colours, and so on the theme. */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical accessibility violations on the current page (`rules`: only these axe rules;
 * `coloursOnly`: the rules a theme changes; `layoutOnly`: all but those).
 */
export async function seriousViolations(
  page: Page,
  { coloursOnly = false, layoutOnly = false, rules }: { coloursOnly?: boolean; layoutOnly?: boolean; rules?: string[] } = {},
) {
  // Toasts are checked where they settle; mid-animation their fading colours fail contrast at random.
  // A preview frame (the creator page's editor) shows a page checked on its own; axe cannot run in its sandbox.
  // Only violations are gathered (axe's own advice for speed); `coloursOnly` runs just the rules a theme can change.
  // WCAG 2.5.3 Label in Name (`label-content-name-mismatch`, off in axe by default) is checked too: a
  // control's accessible name contains the words it shows (the header's "EN" language button).
  const options: RunOptions = {
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true }, ...(layoutOnly ? Object.fromEntries(THEME_RULES.map((rule) => [rule, { enabled: false }])) : {}) },
  };
  const only = coloursOnly ? THEME_RULES : rules;
  if (only) options.runOnly = { type: 'rule', values: only };
  const results = await runAxe(page, { exclude: [['[data-sonner-toaster]'], ['iframe[data-preview]']] }, options);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Switches the page to a theme the way the app does (a class on <html>), with the colour transitions
 * it would start (buttons, links, inputs have transition-colors) held off for the switch: axe reading
 * colours mid-transition reports contrast failures that no user sees once the page has settled.
 */
export async function setTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate((next) => {
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    document.documentElement.classList.remove('dark', 'light');
    document.documentElement.classList.add(next);
    // A layout read applies the new colours everywhere at once; taking the rule away after it starts no transition.
    void document.body.offsetHeight;
    still.remove();
  }, theme);
}

/**
 * Saves a picture to be looked at, only with SCREENSHOTS=1: CI keeps no pictures, and a full-page
 * screenshot costs Chromium a good part of a second of CPU.
 */
export async function shot(target: Page | Locator, options: { path: string; fullPage?: boolean }) {
  if (process.env.SCREENSHOTS) await target.screenshot(options);
}

export const CONSTRUCTION_NOTICE_KEY = 'zerri.constructionNoticeSeen';

/** Pages start with the home page's first-visit notice already seen; home.spec.ts checks the notice itself. */
export const test = base.extend<{ constructionNoticeSeen: boolean }>({
  constructionNoticeSeen: [true, { option: true }],
  page: async ({ page, constructionNoticeSeen }, use) => {
    if (constructionNoticeSeen) await page.addInitScript((key) => window.localStorage.setItem(key, '1'), CONSTRUCTION_NOTICE_KEY);
    await use(page);
  },
});
export { expect };

/** A toast with this title is shown (and says `description`, when given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: title }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/**
 * Moves the account signed in on `page` to `plan` as an admin does (PUT /api/admin/users/:id/plan):
 * new accounts are Free, and the AI studio, Write with AI and a custom storefront address need Creator Pro.
 */
export async function setPlan(page: Page, plan: 'free' | 'pro' | 'business') {
  const baseURL = test.info().project.use.baseURL!;
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await createConfirmedAccount(admin, { email: ADMIN_EMAIL, name: 'Ada Admin' });
    await signInThroughApi(admin, ADMIN_EMAIL);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    const changed = await admin.put(`/api/admin/users/${me.user.id}/plan`, { data: { plan }, headers: { origin: baseURL } });
    expect(changed.ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

/** A new confirmed account, signed in on `page` (through the API) and landed on the dashboard. */
export async function signedInAs(page: Page, options: { email: string; name: string; role: 'creator' | 'user' | 'company' }) {
  await createConfirmedAccount(page.request, options);
  await logIn(page, options.email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/** Uploads a product as the signed-in creator of `request` (the form has its own specs) and answers it. */
export async function uploadProduct<T extends { id: string } = { id: string; slug: string }>(
  request: APIRequestContext,
  options: { name: string; price: string; category?: string; description?: string; file?: { name: string; mimeType: string; buffer: Buffer } },
): Promise<T> {
  const created = await request.post('/api/products', {
    multipart: {
      name: options.name,
      price: options.price,
      category: options.category ?? 'eBook',
      ...(options.description ? { description: options.description } : {}),
      file: options.file ?? { name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 guide') },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { product: T }).product;
}

/**
 * Buys through the API as `request`'s client (a page's request shares its cookies: a signed-in buyer, an
 * affiliate's or a link's attribution), paying with the test card: for journeys about what follows a
 * purchase. `checkout` is POST /api/checkout's body (checkoutSchema). Answers the paid order's id.
 */
export async function buyThroughApi(request: APIRequestContext, checkout: z.input<typeof checkoutSchema>) {
  const started = await request.post('/api/checkout', { data: checkout });
  expect(started.status(), await started.text()).toBe(201);
  const { orderId, status } = (await started.json()) as CheckoutStarted;
  if (status === 'pending') {
    const paid = await request.post(`/api/orders/${orderId}/pay`, { data: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  return orderId;
}

/** Fills the built-in test provider's card form with the card that pays. */
export async function fillTestCard(page: Page) {
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  return card;
}

/** On the checkout page: the e-mail (a guest's), Continue to Payment, the test card and "Pay <total>"; the payment goes through. */
export async function payAtCheckout(page: Page, total: string | RegExp, email?: string) {
  const checkout = page.getByRole('form', { name: 'Checkout' });
  if (email) await checkout.getByLabel('Email').fill(email);
  await checkout.getByRole('button', { name: 'Continue to Payment' }).click();
  const card = await fillTestCard(page);
  await card.getByRole('button', { name: typeof total === 'string' ? `Pay ${total}` : total }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

/**
 * The page at a phone's and a laptop's width in both themes with no serious accessibility violation;
 * with SCREENSHOTS=1 each is also saved as `<name>-<width>-<theme>.png`, to be looked at. The page is
 * left dark at its former size. axe's colour rules (a third of the suite's axe time) run at the widest
 * width, in both themes: the colours are the theme's, not the width's. Every other rule runs at each
 * width, in the dark theme: the layout is the width's, not the theme's.
 */
export async function lookAt(page: Page, name: string, outputPath: (file: string) => string, widths: readonly number[] = [360, 1366]) {
  const size = page.viewportSize();
  const widest = Math.max(...widths);
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    for (const theme of ['dark', 'light'] as const) {
      const checks = width === widest ? (theme === 'dark' ? 'all' : 'colours') : theme === 'dark' ? 'layout' : undefined;
      if (!checks && !process.env.SCREENSHOTS) continue;
      await setTheme(page, theme);
      if (checks) expect(await seriousViolations(page, { coloursOnly: checks === 'colours', layoutOnly: checks === 'layout' })).toEqual([]);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(page, 'dark');
  if (size) await page.setViewportSize(size);
}

/**
 * The invited teammate in their own browser: a new confirmed account signed in through the form, on
 * the team invitation's page opened from the mail in the dev mailbox (not yet accepted).
 */
export async function openTeamInvitation(browser: Browser, options: { email: string; name: string }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const mate = await context.newPage();
  await createConfirmedAccount(mate.request, { email: options.email, name: options.name, role: 'creator' });
  await logInThroughForm(mate, options.email);
  await expect(mate).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const mailbox = await (await mate.request.get('/dev/mailbox')).text();
  const link = new RegExp(`To ${options.email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?href="([^"]*/team/accept#[^"]+)"`).exec(mailbox)?.[1];
  expect(link).toBeTruthy();
  await mate.goto(link!);
  return mate;
}
