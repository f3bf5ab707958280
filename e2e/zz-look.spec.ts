import { buyThroughApi, expect, lookAt, openPage, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('look at the touched pages', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('look');
  await signedInAs(page, { email, name: 'Lou Looker', role: 'creator' });
  const product = await uploadProduct(page.request, { name: 'Look Planner', price: '9.00' });
  const buyerCtx = await browser.newContext();
  await buyThroughApi(buyerCtx.request, { email: uniqueEmail('look-buyer'), productIds: [product.id] });
  const out = (f: string) => testInfo.outputPath(f);
  for (const [name, path] of [
    ['sales', '/dashboard/sales'],
    ['analytics', '/dashboard/analytics'],
    ['customers', '/dashboard/customers'],
    ['profile-history', '/dashboard/profile?tab=client-history'],
    ['links', '/zerrilink-dashboard'],
    ['audience', '/dashboard/audience'],
  ] as const) {
    await openPage(page, path);
    await page.waitForLoadState('networkidle');
    await lookAt(page, name, out);
  }
  await openPage(page, '/zerrilink-dashboard');
  await page.getByRole('button', { name: /Import/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await lookAt(page, 'links-import', out);
  await page.keyboard.press('Escape');
  // The sidebar drawer on a phone.
  await page.setViewportSize({ width: 360, height: 780 });
  await openPage(page, '/dashboard/sales');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.screenshot({ path: out('drawer-360-dark.png') });
  // A buyer opening the creators' pages.
  const buyer = await browser.newPage();
  await signedInAs(buyer, { email: uniqueEmail('look-user'), name: 'Bo Buyer', role: 'user' });
  for (const [name, path] of [['buyer-customers', '/dashboard/customers'], ['buyer-sales', '/dashboard/sales'], ['buyer-analytics', '/dashboard/analytics']] as const) {
    await openPage(buyer, path);
    await buyer.waitForLoadState('networkidle');
    await lookAt(buyer, name, out);
  }
});
