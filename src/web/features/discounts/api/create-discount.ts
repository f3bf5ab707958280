import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeInput } from '#shared/discounts-api.ts';
import { call } from '#web/lib/api.ts';
import { discountsQueryOptions } from './get-discounts.ts';

/** POST /api/discounts: 201 with the new code. */
export const createDiscount = (input: DiscountCodeInput) => call('POST /api/discounts', { body: input });

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryOptions().queryKey }),
  });
}
