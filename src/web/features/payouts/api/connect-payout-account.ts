import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/**
 * POST /api/payouts/account: my payout account made at the provider if I have none, and the link to
 * its onboarding. Like the payout method it needs the password typed in the last ten minutes: the API
 * client asks for it (PasswordConfirmationHost) and repeats the request.
 */
export const connectPayoutAccount = () => call('POST /api/payouts/account');

/** Connects (or finishes setting up) the payout account: on success the browser goes to the provider's onboarding. */
export function useConnectPayoutAccount() {
  return useMutation({
    mutationFn: connectPayoutAccount,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
