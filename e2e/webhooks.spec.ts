import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENTS } from '../src/shared/webhooks.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../src/shared/webhooks-api.ts';
import { createConfirmedAccount, expect, expectToast, logIn, seriousViolations, setTheme, shot, test, uniqueEmail } from './fixtures.ts';

// Settings → Webhooks against a receiver on this machine that checks every delivery with the
// standardwebhooks library (not our code), as a creator's own tool would. e2e/serve.mjs runs the app
// with NODE_ENV=development, where http:// and local addresses are allowed.

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** What the receiver answered. */
  status: number;
}

async function startReceiver() {
  const received: Received[] = [];
  const refused: string[] = [];
  let secret = '';
  let answer = 200;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      try {
        const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        received.push({ id: String(req.headers['webhook-id']), type: payload.type, data: payload.data, status: answer });
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end('bad signature');
        return;
      }
      res.writeHead(answer).end(answer < 300 ? 'ok' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/zerri`,
    received,
    refused,
    useSecret: (value: string) => (secret = value),
    answerWith: (status: number) => (answer = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A full-page screenshot, saved only with SCREENSHOTS=1 (fixtures' `shot`: each costs Chromium a good part of a second). */
const screenshot = (page: Page, name: string) => shot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The deliveries recorded for the endpoint at `url`, as its owner's API answers them (newest first). */
async function deliveriesTo(request: APIRequestContext, url: string) {
  const { items } = (await (await request.get('/api/webhooks')).json()) as { items: WebhookEndpoint[] };
  const endpoint = items.find((item) => item.url === url)!;
  return ((await (await request.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()) as { items: WebhookDelivery[] }).items;
}

/** Screenshots at a phone's and a laptop's width (with SCREENSHOTS=1); at the phone's nothing may scroll sideways. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, `${name}-1366`);
}

/**
 * Deliveries are sent by the background queue, which on a busy machine (CI runs two journeys at once,
 * each queueing mail) may take a while: waits on it get this budget, not the default 15 s.
 */
const QUEUE_MS = 60_000;

/** Clicks Refresh until the log's newest delivery says `text` (the log asks by itself only for a while after a send). */
async function refreshUntil(endpoint: Locator, newest: Locator, text: string) {
  await expect(async () => {
    await endpoint.getByRole('button', { name: /^Refresh the delivery log/ }).click();
    await expect(newest).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: QUEUE_MS });
}

test('a creator adds a webhook endpoint, sees its secret once, and follows, resends and stops its deliveries', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const email = uniqueEmail('webhooks');
    await createConfirmedAccount(request, { email, name: 'Wes Hooker' });
    // Signed in through the API, straight to Settings (the dashboard's home is no part of this journey).
    await logIn(page, email, '/dashboard/settings');
    await expect(page).toHaveURL(/\/dashboard\/settings$/);

    // In the dashboard's navigation, and from Settings.
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('button', { name: 'Advanced' }).click();
    await expect(page.getByRole('link', { name: 'Webhooks', exact: true })).toHaveAttribute('href', '/dashboard/webhooks');
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Standard Webhooks' })).toHaveAttribute('href', 'https://www.standardwebhooks.com/');
    await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The shared rules first, then an endpoint for two events ("All events" picks and drops them all).
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(form.getByText('Please enter a valid web address, starting with https://.')).toBeVisible();
    await expect(form.getByText('Please pick at least one event.')).toBeVisible();
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description (optional)').fill('Order sync');
    const events = form.getByRole('group', { name: 'Events to send' });
    await events.getByRole('checkbox', { name: 'All events' }).check();
    // All events, and the box itself.
    await expect(events.getByRole('checkbox', { checked: true })).toHaveCount(WEBHOOK_EVENTS.length + 1);
    await events.getByRole('checkbox', { name: 'All events' }).uncheck();
    await expect(events.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await events.getByRole('checkbox', { name: /A short link is created/ }).check();
    await events.getByRole('checkbox', { name: /A product is created/ }).check();
    await form.getByRole('button', { name: 'Add Endpoint' }).click();

    // The signing secret, once, with a copy button; the receiver checks deliveries with the copied one.
    const panel = page.getByRole('region', { name: `Signing secret for ${receiver.url}` });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Copy this secret now.', { exact: false })).toBeVisible();
    const secret = await panel.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Copied!', 'The secret is on your clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    receiver.useSecret(copied);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'webhooks-secret');
    await panel.getByRole('button', { name: 'I have saved it' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const list = page.getByRole('list', { name: 'Webhook endpoints' });
    const endpoint = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: receiver.url }) });
    await expect(endpoint.getByText('Order sync')).toBeVisible();
    await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();
    await expect(endpoint.getByRole('list', { name: 'Events' })).toHaveText(/link\.created[\s\S]*product\.created|product\.created[\s\S]*link\.created/);

    // A test event: sent by the background queue, verified by the receiver, shown in the opened log.
    await endpoint.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await expectToast(page, 'Test Event Sent');
    const log = endpoint.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    // Cells: event, status, code, latency, time, response, actions; the newest delivery first.
    const newest = log.getByRole('row').nth(1);
    const cells = newest.getByRole('cell');
    await expect(cells.nth(0)).toHaveText('webhook.test');
    await refreshUntil(endpoint, newest, 'Delivered');
    await expect(cells.nth(1)).toHaveText('Delivered');
    await expect(cells.nth(2)).toHaveText('200');
    await expect(cells.nth(3)).toHaveText(/^\d+ ms$/);
    await expect(cells.nth(5)).toHaveText('ok');
    await expect.poll(() => receiver.received.filter((item) => item.type === 'webhook.test').length, { timeout: QUEUE_MS }).toBe(1);

    // A real event: a short link made through the API (with this session) reaches the receiver.
    const shorten = (url: string) => page.request.post('/api/links', { data: { url }, headers: { origin: baseURL! } });
    expect((await shorten('https://example.com/webhook-journey/1')).status()).toBe(201);
    await expect.poll(() => receiver.received.find((item) => item.type === 'link.created')?.data, { timeout: QUEUE_MS }).toMatchObject({ url: 'https://example.com/webhook-journey/1' });
    await refreshUntil(endpoint, newest, 'link.created');
    await expect(cells.nth(1)).toHaveText('Delivered');

    // The receiver fails: the delivery waits for its retry with the answer in the log; Resend sends it again.
    receiver.answerWith(500);
    expect((await shorten('https://example.com/webhook-journey/2')).status()).toBe(201);
    await refreshUntil(endpoint, newest, 'Retrying');
    await expect(cells.nth(0)).toHaveText('link.created');
    await expect(cells.nth(2)).toHaveText('500');
    await expect(cells.nth(5)).toHaveText('try later');
    const failed = receiver.received.find((item) => item.status === 500)!;
    expect(failed.type).toBe('link.created');
    receiver.answerWith(200);
    await newest.getByRole('button', { name: /^Resend link\.created of / }).click();
    await expectToast(page, 'Delivery Resent', 'link.created is on its way again.');
    await refreshUntil(endpoint, newest, 'Delivered');
    await expect(cells.nth(2)).toHaveText('200');
    // The same webhook-id again, so a receiver can tell a resend from a new event.
    expect(receiver.received.filter((item) => item.id === failed.id && item.status === 200)).not.toHaveLength(0);
    expect(receiver.refused).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'webhooks-log-dark');

    // The same page in the light theme, still readable (the rules a theme changes: the others were just run on this page).
    await setTheme(page, 'light');
    expect(await seriousViolations(page, { coloursOnly: true })).toEqual([]);
    await screenshots(page, 'webhooks-log-light');
    await setTheme(page, 'dark');

    // Paused: nothing is sent; switched on again: sent again.
    const enabled = endpoint.getByRole('switch', { name: `Enabled ${receiver.url}` });
    await expect(enabled).toBeChecked();
    await enabled.uncheck();
    await expectToast(page, 'Webhook Paused');
    await expect(enabled).not.toBeChecked();
    await expect(endpoint.getByText('Paused', { exact: true })).toBeVisible();
    // An event is recorded for the enabled endpoints while its request is answered: none for this one.
    const deliveriesBefore = (await deliveriesTo(page.request, receiver.url)).length;
    expect((await shorten('https://example.com/webhook-journey/3')).status()).toBe(201);
    expect(await deliveriesTo(page.request, receiver.url)).toHaveLength(deliveriesBefore);
    await enabled.check();
    await expectToast(page, 'Webhook On');
    await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();
    expect((await shorten('https://example.com/webhook-journey/4')).status()).toBe(201);
    await expect.poll(() => receiver.received.find((item) => item.data.url === 'https://example.com/webhook-journey/4')?.type, { timeout: QUEUE_MS }).toBe('link.created');
    // The link made while paused was never sent, not even late (its event found no enabled endpoint).
    expect(receiver.received.filter((item) => item.data.url === 'https://example.com/webhook-journey/3')).toEqual([]);

    // Edit: a new description, one event fewer; the secret stays.
    await endpoint.getByRole('button', { name: `Edit webhook ${receiver.url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit webhook' });
    await expect(dialog.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
    await dialog.getByLabel('Description (optional)').fill('Order sync and alerts');
    await dialog.getByRole('checkbox', { name: /A product is created/ }).uncheck();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'webhooks-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Webhook Saved');
    await expect(dialog).toBeHidden();
    await expect(endpoint.getByText('Order sync and alerts')).toBeVisible();
    await expect(endpoint.getByRole('list', { name: 'Events' })).toHaveText('link.created');

    // Another user sees none of it.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    const otherEmail = uniqueEmail('webhooks-other');
    await createConfirmedAccount(request, { email: otherEmail, name: 'Otto Other' });
    await logIn(otherPage, otherEmail, '/dashboard/webhooks');
    await expect(otherPage).toHaveURL(/\/dashboard\/webhooks$/);
    await expect(otherPage.getByText('You have no webhooks yet.')).toBeVisible();
    await expect(otherPage.getByText(receiver.url)).toHaveCount(0);
    await other.close();

    // Delete, after a confirmation.
    await endpoint.getByRole('button', { name: `Delete webhook ${receiver.url}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await expect(confirm).toContainText(receiver.url);
    await confirm.getByRole('button', { name: 'Delete Webhook' }).click();
    await expectToast(page, 'Webhook Deleted', `Events are no longer sent to ${receiver.url}.`);
    await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
    // The empty page again, as axe checked it at the start (so not again).
    await screenshots(page, 'webhooks-empty');
  } finally {
    await receiver.close();
  }
});
