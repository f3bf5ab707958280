// Issue #25, custom domains: a creator adds shop.test, publishes its records at a real DNS server (the
// app's checks ask it), sees it verified, and a visitor buys on it: Chromium reaches the app under that
// name through --host-resolver-rules, as a browser would after the creator's DNS change.
import { chromium, type Browser } from '@playwright/test';
import { startDnsPeer, type DnsPeer } from '../src/server/test/dns-peer.ts';
import config, { dnsPort } from '../playwright.config.ts';
import { createSignedInAccount, expect, lookAt, payAtCheckout, setPlan, test, uniqueEmail, uploadProduct } from './fixtures.ts';

let dns: DnsPeer;
test.beforeAll(async () => {
  dns = await startDnsPeer(dnsPort);
});

/**
 * The visitors' Chromium, which reaches this server under any name in .test, as after the creators'
 * DNS changes: started once, when a journey first needs it, for the journeys of this file.
 */
let visitorBrowser: Promise<Browser> | undefined;
const visitorPage = async () => {
  visitorBrowser ??= chromium.launch({
    ...config.use!.launchOptions,
    args: [...(config.use!.launchOptions!.args ?? []), '--host-resolver-rules=MAP *.test 127.0.0.1'],
  });
  return (await visitorBrowser).newPage();
};

test.afterAll(async () => {
  dns.close();
  await (await visitorBrowser)?.close();
});

test('a creator verifies shop.test and a visitor buys from the store on it', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await createSignedInAccount(page.request, { email: uniqueEmail('domain-seller'), name: 'Dora Domain' });
  const name = `Domain Brushes ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '9.00' });
  const hostname = `shop-${Date.now().toString(36)}.test`;

  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await page.getByRole('link', { name: 'Manage domains' }).click();
  await expect(page.getByRole('heading', { name: 'Custom domains', level: 1 })).toBeVisible();
  await expect(page.getByText('No domains yet. Add one above.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a custom domain' });
  await form.getByRole('textbox', { name: 'Domain' }).fill('not a domain');
  await form.getByRole('button', { name: 'Add Domain' }).click();
  await expect(form.getByText('Enter a domain name such as shop.example.com.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Domain' }).fill(`https://${hostname.toUpperCase()}/`);
  await expect(form.getByRole('radio', { name: /My storefront/ })).toBeChecked();
  await form.getByRole('button', { name: 'Add Domain' }).click();

  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hostname }) });
  await expect(item.getByText('Checking', { exact: true })).toBeVisible();
  const txtValue = (await item.locator('code', { hasText: /^zerri-verify=/ }).textContent())!;
  await item.getByRole('button', { name: 'Check Now' }).click();
  await expect(item.getByText('The TXT record was not found yet.')).toBeVisible();
  await lookAt(page, 'domains-pending', (file) => testInfo.outputPath(file));

  // The creator's DNS change: the TXT record and the address of this server.
  dns.set(`_zerri.${hostname}`, { txt: [txtValue] });
  dns.set(hostname, { a: ['127.0.0.1'] });
  await item.getByRole('button', { name: 'Check Now' }).click();
  await expect(item.getByText('Verified', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: `Open ${hostname}` })).toBeVisible();
  await lookAt(page, 'domains-verified', (file) => testInfo.outputPath(file));

  // A visitor on the creator's domain.
  const port = new URL(config.use!.baseURL!).port;
  const visitor = await visitorPage();
  try {
    await visitor.goto(`http://${hostname}:${port}/`);
    await expect(visitor).toHaveURL(new RegExp(`^http://${hostname.replace('.', '\\.')}:${port}/store/`));
    await visitor.getByRole('link', { name: new RegExp(name) }).first().click();
    // The product page itself (the store's card has a heading with the name too).
    await expect(visitor).toHaveURL(`http://${hostname}:${port}/store/product/${product.slug}`);
    await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
    // Shared and indexed under the creator's domain (served on the standard port in production).
    // The page as served (the app changes the head as it navigates), fetched through the visitor's resolver.
    const served = await visitor.evaluate(async () => (await fetch(location.href)).text());
    expect(served).toContain(`<link rel="canonical" href="http://${hostname}/store/product/${product.slug}" />`);
    expect(served).toContain(`<meta property="og:url" content="http://${hostname}/store/product/${product.slug}" />`);
    await visitor.getByRole('button', { name: 'Add to Cart' }).click();
    await visitor.getByRole('link', { name: 'Cart (1)' }).click();
    await visitor.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await payAtCheckout(visitor, '$9.00', uniqueEmail('domain-buyer'));
    expect(new URL(visitor.url()).hostname).toBe(hostname);

    // Another creator's product is not served on this domain.
    const other = await visitor.goto(`http://${hostname}:${port}/store/product/00000000-0000-4000-8000-000000000000`);
    expect(other?.status()).toBe(404);
    await expect(visitor.getByText('Not found', { exact: true })).toBeVisible();
    // Signing in happens on the main site.
    await visitor.goto(`http://${hostname}:${port}/auth`);
    await expect(visitor).toHaveURL(`${config.use!.baseURL!}/auth`);
  } finally {
    await visitor.context().close();
  }

  // The sale is the creator's like any other: the header's bell, still open on the Domains page, says so live.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 20_000 });
  const sales = await page.request.get('/api/my/sales');
  expect(JSON.stringify(await sales.json())).toContain(product.id);
});

test('a creator makes a short link on their links domain; the same code on the main site is another link', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await createSignedInAccount(page.request, { email: uniqueEmail('links-domain'), name: 'Lena Links' });
  const hostname = `go-${Date.now().toString(36)}.test`;
  const code = `promo-${Date.now().toString(36)}`;
  // The domain through the API (the domains page has its own test above), verified through the DNS server.
  const domain = await (await page.request.post('/api/domains', { data: { hostname, purpose: 'links' } })).json();
  dns.set(`_zerri.${hostname}`, { txt: [domain.txtValue] });
  dns.set(hostname, { a: ['127.0.0.1'] });
  expect((await (await page.request.post(`/api/domains/${domain.id}/verify`)).json()).state).toBe('verified');
  expect((await page.request.post('/api/links', { data: { url: `${baseURL}/pricing`, code } })).status()).toBe(201);

  await page.goto('/zerrilink-dashboard');
  await expect(page).toHaveURL(/\/zerrilink-dashboard$/);
  const create = page.getByRole('form', { name: 'Create a short link' });
  await create.getByLabel('Long URL').fill(`${baseURL}/careers`);
  await create.getByRole('radio', { name: /Custom code/ }).click();
  await create.getByLabel('Domain').selectOption(hostname);
  await create.getByLabel('Custom Code', { exact: true }).fill(code);
  await lookAt(page, 'links-domain-create', (file) => testInfo.outputPath(file));
  await create.getByRole('button', { name: 'Shorten' }).click();
  // The list shows each link's own short URL.
  await expect(page.getByTestId(`link-row-${hostname}-${code}`).getByRole('link', { name: `${hostname}/${code}` })).toBeVisible();
  await expect(page.getByTestId(`link-row-${code}`).getByRole('link', { name: new RegExp(`/z/${code}`) })).toBeVisible();
  await page.getByTestId(`link-row-${hostname}-${code}`).getByRole('button', { name: /Edit/ }).click();
  await expect(page.getByRole('dialog').getByLabel('Domain')).toHaveValue(hostname);
  await lookAt(page, 'links-domain-edit', (file) => testInfo.outputPath(file));
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const port = new URL(baseURL!).port;
  const visitor = await visitorPage();
  try {
    await visitor.goto(`http://${hostname}:${port}/${code}`);
    await expect(visitor).toHaveURL(`${baseURL}/careers`);
    await visitor.goto(`${baseURL}/z/${code}`);
    await expect(visitor).toHaveURL(`${baseURL}/pricing`);

    // With a password, the domain's link has its password page on the main site, under the domain's name.
    const locked = await page.request.patch(`/api/links/${code}?domain=${hostname}`, { data: { password: 'open-sesame' } });
    expect(locked.status()).toBe(200);
    await visitor.goto(`http://${hostname}:${port}/${code}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Password required' })).toBeVisible();
    await expect(visitor).toHaveURL(new RegExp(`/z/${hostname.replace('.', '\\.')}/${code}$`));
    await visitor.getByLabel('Password').fill('open-sesame');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor).toHaveURL(`${baseURL}/careers`);
  } finally {
    await visitor.context().close();
  }
});

test('after a downgrade the Domains page names the domains its plan no longer serves, and keeps them', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await createSignedInAccount(page.request, { email: uniqueEmail('domain-downgrade'), name: 'Dana Downgrade' });
  await setPlan(page, 'pro');
  const stamp = Date.now().toString(36);
  const hostnames = [`first-${stamp}.test`, `second-${stamp}.test`];
  // The domains through the API (the page's adding has its own test above), verified through the DNS server.
  for (const hostname of hostnames) {
    const domain = await (await page.request.post('/api/domains', { data: { hostname, purpose: 'storefront' } })).json();
    dns.set(`_zerri.${hostname}`, { txt: [domain.txtValue] });
    dns.set(hostname, { a: ['127.0.0.1'] });
    expect((await (await page.request.post(`/api/domains/${domain.id}/verify`)).json()).state).toBe('verified');
  }
  await setPlan(page, 'free');

  await page.goto('/dashboard/domains');
  const notice = page.getByRole('status').filter({ hasText: `Not served on your plan: ${hostnames[1]}` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Your plan serves 1 custom domain: the one verified first.');
  const kept = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hostnames[1] }) });
  await expect(kept.getByText('Not served', { exact: true })).toBeVisible();
  await expect(kept.getByText('Kept, but not served: your plan serves 1 custom domain.')).toBeVisible();
  await expect(kept.getByRole('link', { name: `Open ${hostnames[1]}` })).toHaveCount(0);
  const served = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hostnames[0] }) });
  await expect(served.getByText('Verified', { exact: true })).toBeVisible();
  await expect(served.getByRole('link', { name: `Open ${hostnames[0]}` })).toBeVisible();
  await lookAt(page, 'domains-over-plan', (file) => testInfo.outputPath(file));

  await notice.getByRole('link', { name: 'See your plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings#plan-billing$/);
});
