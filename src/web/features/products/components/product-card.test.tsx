import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '#shared/products.ts';
import type { StoreProduct } from '#shared/products-api.ts';
import { changeLanguage, i18nReady, loadNamespaces, type Language } from '#web/lib/i18n.ts';
import { useCategoryLabel, useUploadCategoryLabel } from '#web/lib/use-category-label.ts';
import { ProductCard } from './product-card.tsx';

const product = (name: string, money: Pick<StoreProduct, 'priceCents' | 'currency'> = { priceCents: 2400, currency: 'USD' }): StoreProduct => ({
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'fifty-layouts',
  name,
  description: 'Fifty editable layouts.',
  ...money,
  payWhatYouWant: false,
  hasVersions: false,
  category: 'Templates',
  tags: ['Marketing'],
  cardUrl: null,
  createdAt: new Date(0).toISOString(),
  creator: { id: 'c1', name: 'Maya Chen', avatarUrl: '/a.svg', slug: 'maya-chen' },
  rating: { average: null, count: 0 },
  owned: false,
});

function Names({ category, upload }: { category: Category; upload?: boolean }) {
  const name = useCategoryLabel();
  const uploadName = useUploadCategoryLabel();
  return <>{upload ? uploadName(category) : name(category)}</>;
}
const names = (category: Category) => ({
  name: renderToStaticMarkup(<Names category={category} />),
  upload: renderToStaticMarkup(<Names category={category} upload />),
});

// Issue #20: titles wrap to two lines with the whole title at hand; one name per category everywhere.
describe('the store cards and category names', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['products']);
  });

  it('wraps a long title over two lines on a card, whole in its tooltip, never cut to one line', async () => {
    await changeLanguage('en');
    const title = 'Instagram Carousel Templates for Creators Who Post Every Single Day';
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProductCard product={product(title)} />
      </MemoryRouter>,
    );
    const heading = /<h3 ([^>]*)>/.exec(html)?.[1] ?? '';
    expect(heading).toContain(`title="${title}"`);
    expect(heading).toContain('line-clamp-2');
    expect(heading).not.toContain('truncate');
    expect(html).toContain(`>${title}</a>`);
  });

  it('shows the price in the product’s currency: dollars by default, euros, whole yen', async () => {
    await changeLanguage('en');
    const price = (money?: Pick<StoreProduct, 'priceCents' | 'currency'>) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <ProductCard product={product('Presets', money)} />
        </MemoryRouter>,
      );
    expect(price()).toContain('$24.00');
    expect(price({ priceCents: 2400, currency: 'EUR' })).toContain('€24.00');
    expect(price({ priceCents: 1500, currency: 'JPY' })).toContain('¥1,500');
  });

  it.each(['en', 'es', 'fr'] as Language[])('gives each category one name in %s, which the upload list starts with', async (language) => {
    await changeLanguage(language);
    const seen = new Set<string>();
    for (const category of CATEGORIES) {
      const { name, upload } = names(category);
      expect(name).not.toMatch(/categories\./);
      expect(upload.startsWith(name)).toBe(true);
      seen.add(name);
    }
    expect(seen.size).toBe(CATEGORIES.length);
  });

  it('names them as the marketplace filter does in English, and keeps the upload list’s labels (SPEC §9)', async () => {
    await changeLanguage('en');
    expect(CATEGORIES.filter((category) => category !== 'ZIP').map((category) => names(category).name)).toEqual([
      'eBook',
      'Templates',
      'Software',
      'Graphics',
      'Video',
      'Audio',
      'Course',
    ]);
    for (const category of CATEGORIES) expect(names(category).upload).toContain(CATEGORY_LABELS[category]);
    expect(names('Graphics').upload).toBe('Graphics (Image/Artwork)');
  });
});
