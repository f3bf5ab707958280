import { createConfirmedAccount, expect, expectToast, fillTestCard, lookAt, openPage, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a buyer joins a membership with a 7-day trial, reads a members-only post and cancels; the creator sees the member', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  const name = `Studio Club ${Date.now().toString(36)}`;

  // The creator makes a product a membership on its edit page: $9 a month, 7 days free.
  // Each person signs in through the API (signing in has its own journeys); their first page is one this journey is about.
  const creatorEmail = uniqueEmail('club-creator');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Cleo Creator', role: 'creator' });
  await signInThroughApi(page.request, creatorEmail);
  const product = await uploadProduct(page.request, { name, price: '0' });
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const plan = page.getByRole('form', { name: 'Membership' });
  await plan.getByLabel('Sell as a membership').check();
  await plan.getByLabel('Free trial (days)').fill('7');
  await plan.getByLabel('Monthly price (USD)').fill('9');
  await plan.getByRole('button', { name: 'Save membership' }).click();
  await expectToast(page, 'Membership saved');

  // A post for the members only, on the community tab of the sidebar's ZerriJobs (no new page load).
  await page.getByRole('navigation').getByRole('link', { name: 'ZerriJobs', exact: true }).click();
  await page.getByRole('tab', { name: 'Community Hub' }).click();
  await page.getByLabel("What's on your mind?").fill('Members: here is the secret chapter.');
  await page.getByLabel('Who sees it').selectOption({ label: `Members of ${name} only` });
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectToast(page, 'Post Created!');

  // The buyer joins from the product page, with a free trial: nothing is charged today.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const memberEmail = uniqueEmail('club-member');
  await createConfirmedAccount(buyer.request, { email: memberEmail, name: 'Mo Member', role: 'user' });
  await signInThroughApi(buyer.request, memberEmail);
  await buyer.goto('/dashboard/zerrijobs?tab=community');
  await expect(buyer.getByText('Members: here is the secret chapter.')).toHaveCount(0);
  await openPage(buyer, `/store/product/${product.slug}`); // in the app: no new page load
  const offer = buyer.getByRole('region', { name: 'Membership' });
  await expect(offer.getByText('7-day free trial, then $9.00.')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await offer.getByRole('link', { name: 'Start free trial' }).click();
  await expect(buyer.getByRole('heading', { name: 'Join the membership' })).toBeVisible();
  const card = await fillTestCard(buyer);
  await card.getByRole('button', { name: 'Start free trial' }).click();
  await expectToast(buyer, 'Welcome aboard!');
  await expect(buyer).toHaveURL(/\/library$/);
  const memberships = buyer.getByRole('list', { name: 'Memberships' });
  await expect(memberships.getByText(name)).toBeVisible();
  await expect(memberships.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(memberships.getByText(/^Next charge on /)).toBeVisible();

  // The members-only post is theirs to read now.
  await buyer.goto('/dashboard/zerrijobs?tab=community');
  const post = buyer.getByRole('article').filter({ hasText: 'Members: here is the secret chapter.' });
  await expect(post).toBeVisible();
  await expect(post.getByText('Members only')).toBeVisible();

  // Cancel: access lasts to the trial's end, and it can be resumed until then.
  await openPage(buyer, '/library'); // in the app: no new page load
  await memberships.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = buyer.getByRole('alertdialog');
  await expect(dialog).toContainText('You keep access until');
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expectToast(buyer, 'Membership canceled');
  await expect(memberships.getByText(/^Ends on .*: access until then\.$/)).toBeVisible();
  await expect(memberships.getByRole('button', { name: 'Resume' })).toBeVisible();
  await lookAt(buyer, 'library-memberships', out);

  // One free trial per buyer: joining again, the screen says there is none and what is charged today.
  await buyer.goto(`/memberships/join/${product.id}?interval=month`);
  await expect(buyer.getByText('You have had this membership’s free trial, so there is none this time: $9.00 / month is charged today.')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Join for $9.00 / month' })).toBeVisible();
  await lookAt(buyer, 'join-without-trial', out);

  // The creator's Members page, from the sidebar (the creator's page is still open: no new page load).
  await page.getByRole('navigation').getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Mo Member' });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Free trial');
  await expect(row).toContainText('Ends at period end');
  await lookAt(page, 'creator-members', out);
  await buyerContext.close();
});
