import { describe, expect, it } from 'vitest';
import { withPageMeta } from './web-app.ts';

const html = `<html><head><meta name="description" content="Default" /><title>Zerri</title></head><body></body></html>`;

describe('page meta for shared links', () => {
  it('sets title, description and Open Graph tags, escaped', () => {
    const page = withPageMeta(html, { title: 'Tips & <Tricks>', description: 'A "great" guide', image: '/media/product-images/u/a.webp' }, {
      brand: 'Zerri',
      pageUrl: 'https://zerri.example/store/product/1',
      origin: 'https://zerri.example',
    });
    expect(page).toContain('<title>Tips &amp; &lt;Tricks&gt; · Zerri</title>');
    expect(page).toContain('<meta name="description" content="A &quot;great&quot; guide" />');
    expect(page).toContain('<meta property="og:image" content="https://zerri.example/media/product-images/u/a.webp" />');
    expect(page).toContain('<meta property="og:url" content="https://zerri.example/store/product/1" />');
    expect(page).toContain('<link rel="canonical" href="https://zerri.example/store/product/1" />');
    expect(page).not.toContain('<Tricks>');
  });
});
