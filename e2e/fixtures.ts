import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test as base, type APIRequestContext, type Page } from '@playwright/test';

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

/** Serious and critical accessibility violations on the current page. */
export async function seriousViolations(page: Page) {
  // Toasts are checked where they settle; mid-animation their fading colours fail contrast at random.
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Switches the page to a theme the way the app does (a class on <html>) and waits for the colour
 * transitions it starts (buttons, links, inputs have transition-colors) to end: axe reading colours
 * mid-transition reports contrast failures that no user sees once the page has settled.
 */
export async function setTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate(async (next) => {
    document.documentElement.classList.remove('dark', 'light');
    document.documentElement.classList.add(next);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined)));
  }, theme);
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
