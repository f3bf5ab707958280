import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/products.ts';
import { fallbackCover } from './product-cover.ts';

const publicDir = path.resolve(import.meta.dirname, '../public');

// Issue #20: a product uploaded without a cover gets its category's picture, never its title in a gradient.
describe('the covers of products without their own', () => {
  it.each(CATEGORIES)('has a %s picture with no words in it', (category) => {
    const svg = fs.readFileSync(path.join(publicDir, fallbackCover(category)), 'utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<text|<tspan/);
  });
});
