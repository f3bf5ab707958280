import type { APIRequestContext, Locator, Page } from '@playwright/test';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { DesignInput } from '../src/shared/designs.ts';
import { createSignedInAccount, expect, expectToast, seriousViolations, test, uniqueEmail } from './fixtures.ts';

const FAKE_REPLY = 'This is a streamed reply from the test provider.';
const DESIGN_PATH = '/dashboard/creator-tools/platform';
const AI_PATH = '/dashboard/creator-tools/ai-builder';

/** "Launch cover" as drawRectangleAndText draws it and saveAs saves it (the second test checks what is saved). */
const LAUNCH_COVER: DesignInput = {
  title: 'Launch cover',
  elements: [
    { id: 'rectangle-1', type: 'rectangle', x: 120, y: 100, rotation: 0, opacity: 1, width: 160, height: 100, fillColor: '#EF4444', strokeColor: '#FFFFFF', strokeWidth: 1, cornerRadius: 0 },
    {
      id: 'text-1',
      type: 'text',
      x: 450,
      y: 350,
      rotation: 0,
      opacity: 1,
      text: 'Launch day',
      fontSize: 16,
      color: '#FFFFFF',
      fontFamily: 'Arial',
      textAlign: 'left',
      bold: true,
      italic: false,
      underline: false,
    },
  ],
};

test.use({ viewport: { width: 1400, height: 1000 } });

/**
 * No serious or critical axe violations, checked once the toasts (fading in or out) are gone. Their
 * titles were checked where they appeared; they are closed with their own × button, as a user may,
 * rather than waited out (five seconds each).
 */
async function expectAccessible(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  await expect(async () => {
    await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((button) => button.click()));
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 12_000 });
  expect(await seriousViolations(page)).toEqual([]);
}

/** Clicks `button` `times` times in a row, without pausing between the clicks (each zooms one step). */
const clickTimes = (button: Locator, times: number) => button.click({ clickCount: times });

/** The RGB of one pixel of a PNG file, and the image's size. */
async function readPng(path: string) {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return [data[offset], data[offset + 1], data[offset + 2]];
  };
  return { width: info.width, height: info.height, pixel };
}

/**
 * Records every text the response area shows while it streams, with whether Stop and a disabled
 * "Generating..." were on screen at that moment (read in the page, so no moment is missed).
 */
async function recordResponseTexts(page: Page) {
  await page.evaluate(() => {
    const target = document.querySelector('[data-testid="ai-response"]')!;
    const moments: { text: string; stop: boolean; generating: boolean }[] = [];
    (window as unknown as { responseMoments: typeof moments }).responseMoments = moments;
    const button = (name: string) => [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
    new MutationObserver(() =>
      moments.push({ text: target.textContent ?? '', stop: Boolean(button('Stop')), generating: Boolean(button('Generating...')?.disabled) }),
    ).observe(target, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { responseMoments: { text: string; stop: boolean; generating: boolean }[] }).responseMoments);
}

async function exportPng(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const path = await download.path();
  expect(path).toBeTruthy();
  await fs.access(path);
  return { name: download.suggestedFilename(), png: await readPng(path) };
}

/**
 * Opens the design editor signed in as a new creator, on `saved` (made through the API first) if given,
 * else on a new design; returns the canvas and the zoom controls.
 */
async function openEditor(page: Page, request: APIRequestContext, saved?: DesignInput) {
  await createSignedInAccount(page.request, { email: uniqueEmail('creator-tools') });
  let path = DESIGN_PATH;
  if (saved) {
    const created = await page.request.post('/api/designs', { data: saved });
    expect(created.status(), await created.text()).toBe(201);
    path += `?design=${((await created.json()) as { design: { id: string } }).design.id}`;
  }
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Design Platform' })).toBeVisible();
  const canvas = page.getByRole('group', { name: 'Design canvas, 800 by 600' });
  await expect(canvas.locator('canvas').first()).toBeVisible();
  return {
    canvas,
    zoomLevel: page.getByTestId('zoom-level'),
    zoomIn: page.getByRole('button', { name: 'Zoom in' }),
    zoomOut: page.getByRole('button', { name: 'Zoom out' }),
    layers: page.getByRole('list', { name: 'Layers, top first' }),
  };
}

/** A red rectangle centred on (200, 150) and a bold "Launch day" text at (450, 350), checking the tools' defaults. */
async function drawRectangleAndText(page: Page, canvas: Locator) {
  const rectangleTool = page.getByRole('button', { name: 'Rectangle', exact: true });
  await rectangleTool.click();
  await expect(rectangleTool).toHaveAttribute('aria-pressed', 'true');
  await canvas.click({ position: { x: 200, y: 150 } });
  await expect(page.getByText('Rectangle selected')).toBeVisible();
  await expect(page.getByLabel('Fill color')).toHaveValue('#3b82f6');
  await expect(page.getByLabel('Stroke width')).toHaveValue('1');
  await expect(page.getByLabel('Corner radius')).toHaveValue('0');
  await page.getByLabel('Fill color').fill('#ef4444');

  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await canvas.click({ position: { x: 450, y: 350 } });
  await expect(page.getByText('Text selected')).toBeVisible();
  const textField = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(textField).toHaveValue('Hello World');
  await expect(page.getByLabel('Font size')).toHaveValue('16');
  await expect(page.getByLabel('Font family')).toHaveValue('Arial');
  await textField.fill('Launch day');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
}

/** Names the design and saves it; returns its id from the address. */
async function saveAs(page: Page, title: string) {
  await page.getByLabel('Design title').fill(title);
  await expect(page.getByTestId('design-file-name')).toHaveText(`${title}.png`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Design Saved');
  await expect(page).toHaveURL(/\?design=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('design')!;
}

test('design editor: a new design, and zoom from 10 % to 200 %', async ({ page, request }) => {
  const { zoomLevel, zoomIn, zoomOut } = await openEditor(page, request);
  await expect(page.getByLabel('Design title')).toHaveValue('Untitled Design');
  await expect(page.getByTestId('design-file-name')).toHaveText('Untitled Design.png');

  await expect(zoomLevel).toHaveText('100%');
  await zoomIn.click();
  await expect(zoomLevel).toHaveText('110%');
  await zoomOut.click();
  await expect(zoomLevel).toHaveText('100%');
  await clickTimes(zoomOut, 9);
  await expect(zoomLevel).toHaveText('10%');
  await expect(zoomOut).toBeDisabled();
  await clickTimes(zoomIn, 19);
  await expect(zoomLevel).toHaveText('200%');
  await expect(zoomIn).toBeDisabled();
  await clickTimes(zoomOut, 10);
  await expect(zoomLevel).toHaveText('100%');
  await expectAccessible(page);
});

test('design editor: draw, recolour, save, reload, export an 800 × 600 PNG at any zoom, move, resize and save again', async ({ page, request }) => {
  const { canvas, zoomLevel, zoomIn, zoomOut, layers } = await openEditor(page, request);
  await drawRectangleAndText(page, canvas);
  const designId = await saveAs(page, 'Launch cover');

  const saved = await page.request.get(`/api/designs/${designId}`);
  expect(saved.ok()).toBe(true);
  const { design } = (await saved.json()) as { design: { title: string; elements: Record<string, unknown>[] } };
  expect(design.title).toBe('Launch cover');
  expect(design.elements).toHaveLength(2);
  expect(design.elements[0]).toMatchObject({ type: 'rectangle', x: 120, y: 100, width: 160, height: 100, fillColor: '#EF4444', strokeColor: '#FFFFFF', strokeWidth: 1 });
  expect(design.elements[1]).toMatchObject({ type: 'text', x: 450, y: 350, text: 'Launch day', fontSize: 16, color: '#FFFFFF', fontFamily: 'Arial', bold: true });

  // A reload reopens the same design.
  await page.reload();
  await expect(page.getByLabel('Design title')).toHaveValue('Launch cover');
  await expect(layers.getByRole('button')).toHaveText(['Text “Launch day”', 'Rectangle 1']);
  await layers.getByRole('button', { name: 'Rectangle 1' }).click();
  await expect(page.getByLabel('Fill color')).toHaveValue('#ef4444');

  // Export: 800 × 600 whatever the zoom, the rectangle red, the background dark, no selection handles.
  const first = await exportPng(page);
  expect(first.name).toBe('Launch cover.png');
  expect([first.png.width, first.png.height]).toEqual([800, 600]);
  expect(first.png.pixel(200, 150)).toEqual([239, 68, 68]);
  expect(first.png.pixel(20, 20)).toEqual([17, 24, 39]);
  await clickTimes(zoomIn, 3);
  await expect(zoomLevel).toHaveText('130%');
  const zoomed = await exportPng(page);
  expect([zoomed.png.width, zoomed.png.height]).toEqual([800, 600]);
  expect(zoomed.png.pixel(200, 150)).toEqual([239, 68, 68]);

  // Drag the rectangle 60 px right and 40 px down, then save again (PUT).
  await clickTimes(zoomOut, 3);
  await expect(zoomLevel).toHaveText('100%');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 150);
  await page.mouse.down();
  await page.mouse.move(box.x + 230, box.y + 170, { steps: 5 });
  await page.mouse.move(box.x + 260, box.y + 190, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Design Saved');
  await expect(page.getByText('All changes saved')).toBeVisible();
  const moved = (await (await page.request.get(`/api/designs/${designId}`)).json()) as { design: { elements: Record<string, unknown>[] } };
  expect(moved.design.elements[0]).toMatchObject({ type: 'rectangle', x: 180, y: 140, fillColor: '#EF4444' });

  // Resize it with the selection's bottom-right handle, at (340, 240): 40 px wider, 30 px taller.
  await page.mouse.move(box.x + 340, box.y + 240);
  await page.mouse.down();
  await page.mouse.move(box.x + 360, box.y + 255, { steps: 5 });
  await page.mouse.move(box.x + 380, box.y + 270, { steps: 5 });
  await page.mouse.up();
  const saving = page.waitForResponse((response) => response.url().endsWith(`/api/designs/${designId}`) && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saving).ok()).toBe(true);
  const resized = (await (await page.request.get(`/api/designs/${designId}`)).json()) as { design: { elements: { x: number; y: number; width: number; height: number }[] } };
  const rectangle = resized.design.elements[0]!;
  expect([rectangle.x, rectangle.y]).toEqual([180, 140]);
  expect(Math.abs(rectangle.width - 200)).toBeLessThanOrEqual(1);
  expect(Math.abs(rectangle.height - 130)).toBeLessThanOrEqual(1);

  await expectAccessible(page);
});

test('design editor: delete, undo and redo, images up to 2 MB, use as a product cover, my designs', async ({ page, request }) => {
  // The design as the test above draws and saves it, made through the API (drawing and saving are that test's).
  const { layers } = await openEditor(page, request, LAUNCH_COVER);
  await expect(page.getByLabel('Design title')).toHaveValue('Launch cover');

  // Delete with the keyboard, then undo and redo.
  await layers.getByRole('button', { name: 'Rectangle 1' }).click();
  await page.keyboard.press('Delete');
  await expect(layers.getByRole('button')).toHaveText(['Text “Launch day”']);
  await page.keyboard.press('Control+z');
  await expect(layers.getByRole('button')).toHaveText(['Text “Launch day”', 'Rectangle 1']);
  await page.keyboard.press('Control+Shift+z');
  await expect(layers.getByRole('button')).toHaveText(['Text “Launch day”']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(layers.getByRole('button')).toHaveCount(2);

  // Images come from a file (at most 2 MB).
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#22C55E' } }).png().toBuffer();
  await page.getByLabel('Image file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image selected')).toBeVisible();
  await expect(layers.getByRole('button', { name: 'Image 1' })).toBeVisible();
  await page.getByLabel('Image file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expectToast(page, 'Image Too Large', 'larger than 2 MB');
  await expect(layers.getByRole('button')).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(layers.getByRole('button')).toHaveCount(2);

  // Use as cover: the export becomes one of my products' cover.
  const product = await page.request.post('/api/products', {
    multipart: { name: 'Cover Test Pack', price: '5', category: 'Graphics', file: { name: 'pack.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') } },
  });
  expect(product.status()).toBe(201);
  const { product: created } = (await product.json()) as { product: { id: string } };
  await page.getByRole('button', { name: 'Use as cover' }).click();
  const coverDialog = page.getByRole('dialog', { name: 'Use as a product cover' });
  await coverDialog.getByRole('radio', { name: 'Cover Test Pack' }).check();
  await coverDialog.getByRole('button', { name: 'Set as cover' }).click();
  await expectToast(page, 'Cover Updated');
  await expect(coverDialog).toBeHidden();
  const mine = (await (await page.request.get('/api/my/products')).json()) as { items: { id: string; coverUrl: string | null }[] };
  expect(mine.items.find((item) => item.id === created.id)?.coverUrl).toBeTruthy();

  // My designs lists it.
  await page.getByRole('button', { name: 'My designs' }).click();
  const dialog = page.getByRole('dialog', { name: 'My designs' });
  await expect(dialog.getByRole('list', { name: 'Saved designs' })).toContainText('Launch cover');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('AI Content Studio streams a reply, reports errors in the red card and keeps a history', async ({ page }) => {
  test.setTimeout(180_000); // on a busy machine
  // A Free creator: the AI assistant is every signed-in user's (SPEC §6), on Free's 20 generations a month.
  await createSignedInAccount(page.request, { email: uniqueEmail('creator-tools') });
  await page.goto(AI_PATH);
  await expect(page).toHaveURL(AI_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Content Studio' })).toBeVisible();
  const prompt = page.getByLabel('Prompt', { exact: true });
  const generate = page.getByRole('button', { name: 'Generate Content' });
  const errorCard = page.getByRole('alert').filter({ hasText: /Required|Failed|Error/ });
  const response = page.getByTestId('ai-response');
  const history = page.getByRole('list', { name: 'Saved generations' });
  await expect(page.getByText('No generations yet.')).toBeVisible();

  // An empty prompt is refused before any call.
  await generate.click();
  await expectToast(page, 'Prompt Required', 'Please enter a prompt to get started.');
  await expect(errorCard).toContainText('Prompt Required');
  await expect(errorCard).toContainText('Please enter a prompt to get started.');

  // A template prefills the prompt.
  await page.getByRole('button', { name: 'Launch e-mail' }).click();
  await expect(prompt).toHaveValue(/^Write a launch e-mail/);

  // The reply streams in word by word: the text grows from a part of the sentence to all of it.
  await prompt.fill('Write a tagline for my budgeting e-book.');
  const texts = await recordResponseTexts(page);
  await generate.click();
  await expect(response).toHaveText(FAKE_REPLY);
  // While it streamed, Stop was offered and the button said "Generating..." and was disabled.
  const partials = (await texts()).filter(({ text }) => text.startsWith('This') && text.length < FAKE_REPLY.length && FAKE_REPLY.startsWith(text));
  expect(partials.length).toBeGreaterThanOrEqual(3);
  expect(partials.map(({ text }) => text.length)).toEqual([...partials.map(({ text }) => text.length)].sort((a, b) => a - b));
  expect(partials.every(({ stop, generating }) => stop && generating)).toBe(true);
  await expect(generate).toBeEnabled();
  await expect(errorCard).toHaveCount(0);
  await expect(history.getByRole('listitem').filter({ hasText: 'Write a tagline for my budgeting e-book.' })).toBeVisible();

  // The provider's error, word for word, in a toast and the red card.
  await prompt.fill('fail-auth: write anything');
  await generate.click();
  await expect(errorCard).toContainText('AI Generation Failed');
  await expect(errorCard).toContainText('Incorrect API key provided.');
  await expectToast(page, 'AI Generation Failed', 'Incorrect API key provided.');

  // Stop keeps the partial text as a stopped generation.
  // The provider sends two words of this prompt, then waits for Stop.
  await prompt.fill('Write a short welcome note. stop-me');
  await generate.click();
  await expect(response).toHaveText('This is');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(generate).toBeEnabled();
  await expect(page.getByText('Stopped. The text so far is saved in your history.')).toBeVisible();
  await expect(response).toHaveText('This is');
  const stopped = history.getByRole('listitem').filter({ hasText: 'Write a short welcome note. stop-me' });
  await expect(stopped).toContainText('Stopped');
  await expect(history.getByRole('listitem')).toHaveCount(2);

  // Delete from the history, with a confirmation.
  await stopped.getByRole('button', { name: /^Delete generation/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Generation' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(1);

  await expectAccessible(page);
});
