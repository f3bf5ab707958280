import { FAKE_DRAFT, fakeTranslation } from './fake-providers/openai.mjs';
import { parseProductDraft } from '../src/shared/ai-product-draft.ts';
import { createConfirmedAccount, expect, logIn, seriousViolations, setTheme, test, uniqueEmail } from './fixtures.ts';

// "Write with AI" in the product form, against the local fake of an OpenAI-compatible provider
// (e2e/serve.mjs): it answers a draft request with FAKE_DRAFT and a translation with fakeTranslation.
const draft = parseProductDraft(FAKE_DRAFT, { complete: true });

test('a creator drafts a product with AI, edits it, translates the description and uploads it', async ({ page, request }) => {
  test.setTimeout(180_000); // on a busy machine; a Free creator (Free has 20 AI generations a month)
  const email = uniqueEmail('ai-draft');
  await createConfirmedAccount(request, { email, name: 'Iris Painter' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/products/upload');
  const form = page.getByRole('form', { name: 'Upload product' });
  await form.getByLabel('Category').selectOption('Graphics');

  const open = form.getByRole('button', { name: 'Write with AI' });
  await expect(open).toBeEnabled();
  await expect(open).toHaveAccessibleDescription('Draft the title, description and tags from a few words.');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const brief = form.getByLabel('Describe your product in a few words');
  await expect(brief).toBeFocused();

  // An empty brief is refused before anything is sent.
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByRole('alert')).toHaveText('Describe your product in a few words first.');

  await brief.fill('watercolor brushes for procreate');
  await form.getByRole('button', { name: 'Generate' }).click();
  // The fields fill as the draft streams in; Stop is there meanwhile.
  await expect(form.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(form.getByLabel('Product Name')).toHaveValue(draft.title);
  await expect(form.getByLabel('Tags', { exact: true })).toHaveValue(draft.tags.join(', '));
  await expect(form.getByLabel('Description')).toHaveValue(draft.description);
  await expect(form.getByText('Draft ready: check and edit the fields before saving.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Generate again' })).toBeEnabled();
  // Nothing was saved: the creator has no product yet.
  expect(((await (await page.request.get('/api/my/products')).json()) as { items: unknown[] }).items).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await setTheme(page, 'light');
  expect(await seriousViolations(page)).toEqual([]);
  await setTheme(page, 'dark');

  // Translate the description into Spanish and use it.
  await form.getByRole('button', { name: 'Translate to Spanish' }).click();
  const panel = form.getByRole('region', { name: 'Spanish translation' });
  const spanish = fakeTranslation('Spanish', draft.description);
  await expect(panel.getByTestId('description-translation')).toHaveText(spanish);
  await expect(panel.getByTestId('description-translation')).toHaveAttribute('lang', 'es');
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Use this' }).click();
  await expect(panel).toBeHidden();
  await expect(form.getByLabel('Description')).toHaveValue(spanish);
  await expect(form.getByLabel('Description')).toBeFocused();

  // The creator edits the drafted title, then uploads.
  const title = `My Watercolor Brushes ${Date.now().toString(36)}`;
  await form.getByLabel('Product Name').fill(title);
  await form.getByLabel('Price (USD)').fill('9.50');
  await form.getByLabel('Product File (max 50MB)').setInputFiles({ name: 'brushes.zip', mimeType: 'application/zip', buffer: Buffer.alloc(2048, 3) });
  await form.getByRole('button', { name: 'Upload Product' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  const mine = (await (await page.request.get('/api/my/products')).json()) as { items: { id: string; name: string; tags: string[] }[] };
  expect(mine.items).toHaveLength(1);
  expect(mine.items[0]).toMatchObject({ name: title, tags: draft.tags });
  await page.goto(`/store/product/${mine.items[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('[Spanish] Twenty hand-made watercolor brushes for Procreate.')).toBeVisible();
});
