import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { createConfirmedAccount, expect, expectToast, logIn, lookAt, test, uniqueEmail } from './fixtures.ts';

// Issue #46, onboarding: a new creator's overview shows "Get your store ready" until every step is done
// or the checklist is hidden. Each step links to where it is done and ticks itself once its thing exists.
// The steps are staged through the API (their own pages have their own specs); copying the store link is
// the checklist's own, so it is clicked here.

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

const checklist = (page: Page) => page.getByRole('region', { name: 'Get your store ready' });
const step = (card: Locator, id: string) => card.getByTestId(`onboarding-step-${id}`);

/** The step is shown as done (ticked, with its sr-only "Done"), or as still to do. */
async function expectStep(card: Locator, id: string, done: boolean) {
  await expect(step(card, id)).toHaveAttribute('data-done', String(done));
  await expect(step(card, id).getByText('Done', { exact: true })).toHaveCount(done ? 1 : 0);
}

async function expectProgress(card: Locator, done: number) {
  await expect(card.getByText(`${done} of 6 done`, { exact: true })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Store setup progress' })).toHaveAttribute('aria-valuenow', String(done));
}

async function signedInCreator(page: Page, prefix: string, name: string) {
  const email = uniqueEmail(prefix);
  await createConfirmedAccount(page.request, { email, name, role: 'creator' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return email;
}

test('a new creator follows the checklist to a first sale; each step ticks itself and the card goes once all are done', async ({ page, playwright }, testInfo) => {
  test.setTimeout(180_000);
  await signedInCreator(page, 'onboarding', 'Nora Onboard');
  const me = (await (await page.request.get('/api/me')).json()) as { user: { storefrontSlug: string } };

  // The first state: the e-mail is confirmed (createConfirmedAccount opened the link), nothing else.
  const card = checklist(page);
  await expect(card.getByRole('heading', { level: 2, name: 'Get your store ready' })).toBeVisible();
  await expectProgress(card, 1);
  await expectStep(card, 'confirm_email', true);
  for (const id of ['payouts', 'first_product', 'store', 'share', 'first_sale']) await expectStep(card, id, false);
  const links = {
    'Confirm your e-mail': '/dashboard/settings',
    'Set up payouts': '/dashboard/payouts',
    'Add your first product': '/dashboard/products/upload',
    'Customize your store': '/dashboard/profile',
    'Share your store': '/dashboard/products',
    'Make your first sale': '/dashboard/products',
  };
  for (const [name, href] of Object.entries(links)) await expect(card.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  // The steps in order: an ordered list of six.
  await expect(card.getByRole('list').getByRole('listitem')).toHaveCount(6);
  await lookAt(page, 'onboarding-first', (file) => testInfo.outputPath(file));

  // "View site" opens the creator's own store.
  await page.getByRole('link', { name: 'View site' }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${me.user.storefrontSlug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Onboard' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Payouts: the step's link opens Payouts; a PayPal method (through the API) ticks it.
  await card.getByRole('link', { name: 'Set up payouts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  const method = await page.request.put('/api/payouts/method', { data: { type: 'paypal', email: 'nora@example.com' } });
  expect(method.ok(), await method.text()).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectStep(card, 'payouts', true);
  await expectProgress(card, 2);

  // A first product with a cover, while the overview is open: the step ticks itself live.
  const cover = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#7c3aed' } }).png().toBuffer();
  const created = await page.request.post('/api/products', {
    multipart: {
      name: 'Onboarding Field Guide',
      price: '5',
      category: 'eBook',
      file: { name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 guide') },
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string } };
  await expectStep(card, 'first_product', true);
  await expectProgress(card, 3);
  await lookAt(page, 'onboarding-middle', (file) => testInfo.outputPath(file));

  // The store customized: a bio and a picture of their own.
  const bio = await page.request.patch('/api/profile', { data: { bio: 'Field guides for curious walkers.' } });
  expect(bio.ok(), await bio.text()).toBe(true);
  const picture = await sharp({ create: { width: 128, height: 128, channels: 3, background: '#0891b2' } }).png().toBuffer();
  const avatar = await page.request.post('/api/profile/avatar', { multipart: { avatar: { name: 'nora.png', mimeType: 'image/png', buffer: picture } } });
  expect(avatar.ok(), await avatar.text()).toBe(true);
  await page.reload();
  await expectStep(card, 'store', true);
  await expectProgress(card, 4);

  // Share: "Copy store link" copies the store's address and ticks the step.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy store link' }).click();
  await expectToast(page, 'Link copied');
  const storeUrl = `${new URL(page.url()).origin}/store/${me.user.storefrontSlug}`;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(storeUrl);
  await expectStep(card, 'share', true);
  await expectProgress(card, 5);

  // A first sale (a guest pays with the test card): every step is done and the card goes, live.
  const guest = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const started = await guest.post('/api/checkout', { data: { email: uniqueEmail('onboarding-buyer'), productIds: [product.id] } });
    expect(started.status(), await started.text()).toBe(201);
    const { orderId } = (await started.json()) as { orderId: string };
    const paid = await guest.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } });
    expect(paid.ok(), await paid.text()).toBe(true);
  } finally {
    await guest.dispose();
  }
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('total-sales')).toHaveText('1');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('total-sales')).toHaveText('1');
  await expect(checklist(page)).toHaveCount(0);
});

test('a creator hides the checklist, and it stays hidden after a reload', async ({ page }) => {
  await signedInCreator(page, 'onboarding-hide', 'Hugo Hide');
  const card = checklist(page);
  await expectProgress(card, 1);
  // Keyboard reachable: the button takes focus and Enter presses it.
  const hide = card.getByRole('button', { name: 'Hide checklist' });
  await hide.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('total-sales')).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  const onboarding = (await (await page.request.get('/api/my/onboarding')).json()) as { hidden: boolean };
  expect(onboarding.hidden).toBe(true);
});
