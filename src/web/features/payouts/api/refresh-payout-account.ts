import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY } from './types.ts';

/** POST /api/payouts/account/refresh: the account's state read from the provider now, rather than waiting for its webhook. */
export const refreshPayoutAccount = () => call('POST /api/payouts/account/refresh');

export function useRefreshPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPayoutAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}

/** How the provider's onboarding sent the creator back: done (`return`), or its link expired (`refresh`). */
export type ConnectReturn = 'return' | 'refresh';
const CONNECT_PARAM = 'connect';

/**
 * Back on Payouts from the provider's onboarding (`?connect=return` or `?connect=refresh`): the
 * account's state is read from the provider once, then the parameter leaves the address (a reload
 * does not read it again). For an expired link (`refresh`) a fresh one is asked for only when the
 * creator chooses Finish setup. Answers how they came back, and the refresh (its error, if any).
 */
export function useConnectReturn() {
  const [search, setSearch] = useSearchParams();
  const param = search.get(CONNECT_PARAM);
  const [returned] = useState<ConnectReturn | null>(() => (param === 'return' || param === 'refresh' ? param : null));
  const refresh = useRefreshPayoutAccount();
  const started = useRef(false);
  const { mutateAsync } = refresh;

  useEffect(() => {
    if (param === null || started.current) return;
    started.current = true;
    const clear = () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(CONNECT_PARAM);
          return next;
        },
        { replace: true },
      );
    // The refresh's error stays in `refresh.error` for the card to show.
    if (returned) void mutateAsync().catch(() => undefined).finally(clear);
    else clear();
  }, [param, returned, mutateAsync, setSearch]);

  return { returned, refresh };
}
