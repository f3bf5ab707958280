import { describe, expectTypeOf, it } from 'vitest';
import type { PathParams } from './api-contract.ts';

describe('PathParams', () => {
  it('names every :parameter of a path', () => {
    expectTypeOf<PathParams<'/api/jobs/:id/applications/:applicationId/file'>>().toEqualTypeOf<{ id: string } & { applicationId: string } & Record<never, never>>();
    expectTypeOf<PathParams<'/api/cart'>>().toEqualTypeOf<Record<never, never>>();
  });
});
