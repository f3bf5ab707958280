import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors.ts';

// The web translates the generic codes by code alone (src/web/lib/api.ts), so they never carry a
// feature's words: a feature's message comes with the feature's own code.
describe('the generic errors', () => {
  it('carry their generic words, or a message together with its own code', () => {
    expect([new UnauthorizedError(), new ForbiddenError(), new NotFoundError()].map(({ code, message }) => ({ code, message }))).toEqual([
      { code: 'unauthorized', message: 'You must be logged in.' },
      { code: 'forbidden', message: 'You do not have permission to do this.' },
      { code: 'not_found', message: 'Not found.' },
    ]);
    const own = new NotFoundError('Product not found.', 'product_not_found');
    expect({ status: own.statusCode, code: own.code, message: own.message }).toEqual({ status: 404, code: 'product_not_found', message: 'Product not found.' });
    // @ts-expect-error A message without its code would travel under the generic code.
    expect(new NotFoundError('Product not found.').code).toBe('not_found');
  });
});
