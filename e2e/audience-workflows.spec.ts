// Issue #22, the rest of it: a creator makes a workflow ("after a purchase of X, send…") on the
// Audience page; a purchase enrols the buyer and the first e-mail arrives through the queue; the
// workflow shows its numbers. Then the buyer sends the creator a picture in a direct message, which
// the creator sees in the conversation.
import sharp from 'sharp';
import { createConfirmedAccount, expect, expectToast, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

test('a workflow mails a buyer after a purchase; the buyer sends the creator a picture in a message', async ({ page, browser }, testInfo) => {
  test.setTimeout(540_000);
  const shot = (file: string) => testInfo.outputPath(file);
  const suffix = Date.now().toString(36);
  // Each person signs in through the API (signing in has its own journeys); their first page is one this journey is about.
  const sellerEmail = uniqueEmail('flow-seller');
  await createConfirmedAccount(page.request, { email: sellerEmail, name: 'Wes Workflow', role: 'creator' });
  await signInThroughApi(page.request, sellerEmail);
  const product = await uploadProduct(page.request, { name: `Ink Set ${suffix}`, price: '5.00' });

  // The workflow: right after a purchase of the ink set, then three days later.
  await page.goto('/dashboard/audience');
  await expect(page.getByText('No workflows yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New workflow' }).click();
  const form = page.getByRole('form', { name: 'New workflow' });
  await form.getByLabel('Name').fill(`Ink onboarding ${suffix}`);
  // What starts it: a new follower's takes no product; a purchase's names one.
  const trigger = form.getByLabel('Trigger');
  await expect(trigger).toHaveValue('purchase');
  await trigger.selectOption({ label: 'New follower' });
  await expect(form.getByLabel('Product', { exact: true })).toBeHidden();
  await expect(form.getByLabel('Days after they follow')).toBeVisible();
  await trigger.selectOption({ label: 'Trial ending' });
  await expect(form.getByLabel('Membership', { exact: true })).toHaveValue('');
  await expect(form.getByText('Starts 3 days before a member’s trial ends (not for members who cancelled).')).toBeVisible();
  await lookAt(page, 'workflow-trigger', shot);
  await trigger.selectOption({ label: 'After a purchase' });
  await form.getByLabel('Product', { exact: true }).selectOption({ label: `Ink Set ${suffix}` });
  await form.getByLabel('Days after the purchase').fill('0');
  await form.getByLabel('Subject').fill(`Welcome to the Ink Set ${suffix}`);
  await form.getByLabel('E-mail', { exact: true }).fill('Start with the **fine liner**.');
  await form.getByRole('button', { name: 'Add e-mail' }).click();
  await form.getByLabel('Days after the e-mail before').fill('3');
  await form.getByLabel('Subject').nth(1).fill('Three days in');
  await form.getByLabel('E-mail', { exact: true }).nth(1).fill('How is it going?');
  await lookAt(page, 'workflow-form', shot);
  await form.getByRole('button', { name: 'Create workflow' }).click();
  await expectToast(page, 'Workflow created');
  const workflow = page.getByRole('article', { name: `Ink onboarding ${suffix}` });
  await expect(workflow.getByText(`After a purchase of Ink Set ${suffix}`)).toBeVisible();
  await expect(workflow.getByText('2. After 3 days: Three days in')).toBeVisible();

  // A buyer with an account buys it: enrolled, and the first e-mail goes out at once.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('flow-buyer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Bo Buyer', role: 'user' });
  await signInThroughApi(buyer.request, buyerEmail);
  const started = await buyer.request.post('/api/checkout', { data: { email: buyerEmail, productIds: [product.id] } });
  expect(started.status()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  expect((await buyer.request.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } })).ok()).toBe(true);

  // The queue sends it a moment later (the page does not follow it live): the page is reloaded once it has.
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/audience/workflows');
      const { items } = (await answer.json()) as { items: { name: string; stats: { sent: number } }[] };
      return items.find((item) => item.name === `Ink onboarding ${suffix}`)?.stats.sent;
    }, { timeout: 30_000 })
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('article', { name: `Ink onboarding ${suffix}` }).getByRole('definition').nth(1)).toHaveText('1'); // sent
  const stats = page.getByRole('article', { name: `Ink onboarding ${suffix}` }).getByRole('definition');
  await expect(stats.first()).toHaveText('1'); // enrolled
  await page.getByRole('heading', { name: 'Workflows' }).scrollIntoViewIfNeeded();
  await lookAt(page, 'workflow-list', shot);

  await buyer.goto('/dev/mailbox');
  const mail = buyer.getByRole('article').filter({ hasText: `To ${buyerEmail}` }).filter({ hasText: `Welcome to the Ink Set ${suffix}` });
  await expect(mail.getByRole('heading', { name: 'A new update from a creator on Zerri' })).toBeVisible();
  await expect(mail.getByRole('link', { name: /\/api\/audience\/unsubscribe\?token=/ })).toBeVisible();

  // Paused from its card, and resumed.
  await page.getByRole('article', { name: `Ink onboarding ${suffix}` }).getByRole('button', { name: 'Pause' }).click();
  await expectToast(page, 'Workflow paused');
  await expect(page.getByRole('article', { name: `Ink onboarding ${suffix}` }).getByText('Paused', { exact: true })).toBeVisible();
  await page.getByRole('article', { name: `Ink onboarding ${suffix}` }).getByRole('button', { name: 'Resume' }).click();
  await expectToast(page, 'Workflow resumed');

  // The buyer writes to the creator with a picture.
  const started2 = await buyer.request.post('/api/conversations', { data: { userId: await creatorId(page) } });
  expect(started2.ok()).toBe(true);
  const { conversation } = (await started2.json()) as { conversation: { id: string } };
  await buyer.goto(`/dashboard/messages/${conversation.id}`);
  const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2563eb' } }).png().toBuffer();
  const chooser = buyer.waitForEvent('filechooser');
  await buyer.getByRole('button', { name: 'Attach an image or a video' }).click();
  await (await chooser).setFiles({ name: 'swatches.png', mimeType: 'image/png', buffer: picture });
  await expect(buyer.getByText('Attached: swatches.png')).toBeVisible();
  await buyer.getByRole('textbox', { name: 'Message to Wes Workflow' }).fill('My first swatches!');
  await buyer.getByRole('button', { name: 'Send' }).click();
  const buyerLog = buyer.getByRole('log', { name: 'Messages with Wes Workflow' });
  await expect(buyerLog.getByRole('img', { name: 'Image sent: swatches.webp' })).toBeVisible();
  await buyerContext.close();

  // The creator's Messages, from the header (no new page load), and the conversation.
  await page.getByRole('link', { name: /^Messages/ }).click();
  await page.getByRole('list', { name: 'Your conversations' }).getByRole('link', { name: /Bo Buyer/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/messages/${conversation.id}$`));
  const log = page.getByRole('log', { name: 'Messages with Bo Buyer' });
  await expect(log.getByText('My first swatches!')).toBeVisible();
  const image = log.getByRole('img', { name: 'Image sent: swatches.webp' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(log.getByRole('link', { name: 'Download swatches.webp' })).toBeVisible();
  await lookAt(page, 'message-attachment', shot);
});

async function creatorId(page: import('@playwright/test').Page) {
  const me = await page.request.get('/api/auth/get-session');
  return ((await me.json()) as { user: { id: string } }).user.id;
}
