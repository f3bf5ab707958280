import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

const NONE: readonly string[] = [];

/**
 * Back from a hosted checkout (`?checkout=<session>` in the page's URL, decision 027): `confirm` records
 * what was bought now rather than when the provider's webhooks come, then the URL loses the session
 * (and `dropped`), so that a reload does not ask twice. True while that runs. A failure shows nothing:
 * the webhooks still record it, and the page shows it on its next load.
 */
export function useCheckoutReturn(enabled: boolean, confirm: UseMutationResult<unknown, Error, string>, dropped: readonly string[] = NONE): boolean {
  const [params, setParams] = useSearchParams();
  const checkout = params.get('checkout');
  const asked = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!enabled || !checkout || asked.current === checkout) return;
    asked.current = checkout;
    mutate(checkout, {
      onSettled: () =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            for (const name of ['checkout', ...dropped]) next.delete(name);
            return next;
          },
          { replace: true },
        ),
    });
  }, [enabled, checkout, mutate, setParams, dropped]);
  return confirm.isPending;
}
