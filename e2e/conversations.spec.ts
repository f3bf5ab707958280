// Issue #22, direct messages: a buyer writes to the creator from the product page's Message; the two
// exchange messages live in two browsers (no reload), with the header's unread count; keyboard only
// in the composer (Enter sends); the phone shows the list, then the thread; block, report, and the
// admin's reading of the reported conversation. Screenshots at 360 and 1366 px in both themes, axe clean.
import { ADMIN_EMAIL, buyThroughApi, createConfirmedAccount, expect, lookAt, seriousViolations, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('two users exchange messages live in two browsers', async ({ page: creator, browser }, testInfo) => {
  test.setTimeout(300_000);
  const shot = (file: string) => testInfo.outputPath(file);
  const creatorEmail = uniqueEmail('dm-creator');
  await createConfirmedAccount(creator.request, { email: creatorEmail, name: 'Cleo Creator', role: 'creator' });
  await signInThroughApi(creator.request, creatorEmail);
  const product = await uploadProduct(creator.request, { name: `Talk Presets ${Date.now().toString(36)}`, price: '5.00' });

  // The creator's inbox is empty to begin with.
  await creator.goto('/dashboard/messages');
  await expect(creator).toHaveURL(/\/dashboard\/messages$/);
  await expect(creator.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(creator.getByText('No conversations yet')).toBeVisible();
  await lookAt(creator, 'messages-empty', shot);

  // The buyer, in another browser, has bought the product (through the API: the cart and the checkout
  // have their own journeys); its page then offers Message beside Contact Creator.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('dm-buyer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Ben Buyer', role: 'user' });
  await signInThroughApi(buyer.request, buyerEmail);
  const orderId = await buyThroughApi(buyer.request, { email: buyerEmail, productIds: [product.id] });
  expect(await (await buyer.request.get(`/api/orders/${orderId}`)).json()).toMatchObject({ order: { status: 'paid' } });
  await buyer.goto(`/store/product/${product.id}`);
  await expect(buyer.getByRole('button', { name: 'Contact Creator' })).toBeVisible();
  await buyer.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/conv_[A-Za-z0-9]{20}$/);
  await expect(buyer.getByRole('heading', { name: 'Cleo Creator' })).toBeVisible();
  await expect(buyer.getByText('No messages yet. Say hello to Cleo Creator!')).toBeVisible();

  // Keyboard only: the field, a line, Enter sends.
  const buyerField = buyer.getByRole('textbox', { name: 'Message to Cleo Creator' });
  await buyerField.focus();
  await buyer.keyboard.type('Hello! Does the pack work in Krita?');
  await buyer.keyboard.press('Enter');
  const buyerLog = buyer.getByRole('log', { name: 'Messages with Cleo Creator' });
  await expect(buyerLog.getByText('Hello! Does the pack work in Krita?')).toBeVisible();
  await expect(buyerField).toHaveValue('');

  // The creator's header shows it live, without a reload; the list has it, unread.
  const unread = creator.getByRole('link', { name: 'Messages, 1 unread' });
  await expect(unread).toBeVisible({ timeout: 20_000 });
  const conversationLink = creator.getByRole('link', { name: /Ben Buyer/ });
  await expect(conversationLink).toContainText('Hello! Does the pack work in Krita?');
  await expect(conversationLink).toContainText('1 unread');
  // Keyboard: to the conversation and open it.
  await conversationLink.focus();
  await creator.keyboard.press('Enter');
  const creatorLog = creator.getByRole('log', { name: 'Messages with Ben Buyer' });
  await expect(creatorLog.getByText('Hello! Does the pack work in Krita?')).toBeVisible();
  await expect(creator.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  await creator.getByRole('textbox', { name: 'Message to Ben Buyer' }).fill('Yes, it does.\nKrita 5 and later.');
  await creator.getByRole('button', { name: 'Send' }).click();
  await expect(creatorLog.getByText(/Yes, it does\./)).toBeVisible();
  // The buyer's open thread shows the answer live.
  await expect(buyerLog.getByText(/Yes, it does\./)).toBeVisible({ timeout: 20_000 });
  await expect(buyerLog.getByText(/Krita 5 and later\./)).toBeVisible();
  await buyerField.fill('Thanks!');
  await buyer.keyboard.press('Enter');
  await expect(creatorLog.getByText('Thanks!')).toBeVisible({ timeout: 20_000 });
  // axe at a phone's and a laptop's width, in both themes (the laptop's dark check is the one this page had here alone).
  await lookAt(creator, 'messages-thread', shot);

  // On a phone: the list (the open thread's way back to it), then the thread alone, with its way back.
  await creator.setViewportSize({ width: 360, height: 780 });
  await creator.getByRole('link', { name: 'All conversations' }).click();
  await expect(creator.getByRole('link', { name: /Ben Buyer/ })).toBeVisible();
  await expect(creator.getByText('Choose a conversation to read it.')).toBeHidden();
  await lookAt(creator, 'messages-list', shot, [360]);
  await creator.getByRole('link', { name: /Ben Buyer/ }).click();
  await expect(creator.getByRole('log', { name: 'Messages with Ben Buyer' })).toBeVisible();
  await expect(creator.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
  await creator.getByRole('link', { name: 'All conversations' }).click();
  await expect(creator.getByRole('link', { name: /Ben Buyer/ })).toBeVisible();
  await creator.setViewportSize({ width: 1366, height: 900 });

  // Block: the buyer can no longer write, live; unblock gives the field back.
  await creator.getByRole('link', { name: /Ben Buyer/ }).click();
  await creator.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(creator.getByText('You blocked Ben Buyer: they cannot write to you. Unblock them to write again.')).toBeVisible();
  await expect(buyer.getByText('This user does not accept your messages.')).toBeVisible({ timeout: 20_000 });
  await expect(buyerField).toHaveCount(0);
  await creator.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(buyer.getByRole('textbox', { name: 'Message to Cleo Creator' })).toBeVisible({ timeout: 20_000 });

  // Report: the buyer reports it; an admin then reads this conversation.
  await buyer.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Report your conversation with Cleo Creator' });
  await dialog.getByLabel('What is wrong? Optional.').fill('Testing the report');
  expect(await seriousViolations(buyer)).toEqual([]);
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(buyer.getByRole('button', { name: 'Reported' })).toBeDisabled();
  const conversationUrl = buyer.url();

  // A conversation that does not exist: its error state.
  await creator.goto('/dashboard/messages/conv_AAAAAAAAAAAAAAAAAAAA');
  await expect(creator.getByText('Conversation not found.')).toBeVisible();
  expect((await creator.request.get('/api/admin/conversations')).status()).toBe(403);
  // The admin, in the browser context the buyer is done with (signed out first): one context fewer to start.
  await buyerContext.clearCookies();
  const admin = buyer;
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(admin.request, ADMIN_EMAIL);
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('link', { name: 'Reported conversations' }).first().click();
  await expect(admin.getByRole('heading', { name: 'Reported conversations', level: 1 })).toBeVisible();
  const reported = admin.getByRole('link', { name: /Cleo Creator and Ben Buyer|Ben Buyer and Cleo Creator/ });
  await expect(reported).toBeVisible();
  await lookAt(admin, 'reported-list', shot);
  await reported.click();
  await expect(admin.getByRole('list', { name: 'Messages' }).getByText('Hello! Does the pack work in Krita?')).toBeVisible();
  await expect(admin.getByText(/Testing the report/)).toBeVisible();
  await lookAt(admin, 'reported-thread', shot);
  // The member's address is not the admin's: the admin reads through the reported page only.
  await admin.goto(conversationUrl.replace(/^https?:\/\/[^/]+/, ''));
  await expect(admin).toHaveURL(/\/admin/);
  await buyerContext.close();
});

test('a conversation with someone without a reason to talk is refused, with why', async ({ page }) => {
  // Nora signs up (her id from the answer); Asa never bought from her, applied to her or follows her.
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('dm-nobody'), password: 'correct-horse-battery', name: 'Nora Nobody', role: 'creator' },
  });
  const noraId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const askerEmail = uniqueEmail('dm-asker');
  await createConfirmedAccount(page.request, { email: askerEmail, name: 'Asa Asker', role: 'user' });
  await signInThroughApi(page.request, askerEmail);
  await page.goto(`/dashboard/messages?to=${noraId}`);
  await expect(page.getByText('Could not open the conversation')).toBeVisible();
  await expect(page.getByText('You can message a creator you bought from, a company you applied to (or its applicant), or someone who follows you back.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/dashboard/messages?to=no-such-user');
  await expect(page.getByText('User not found.')).toBeVisible();
});
