import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';

/** The creator's checklist: each step and whether it is done, whether it is shown, and the store's address. */
export type Onboarding = ResponseOf<'GET /api/my/onboarding'>;

/** GET /api/my/onboarding: the signed-in creator's onboarding checklist (issue #46). */
export const getOnboarding = () => call('GET /api/my/onboarding');

export const onboardingQueryOptions = () => queryOptions({ queryKey: ['onboarding'], queryFn: getOnboarding });

/** Asked again each time the overview opens: its steps are done on other pages, whose changes it does not hear while closed. */
export function useOnboarding() {
  return useQuery({ ...onboardingQueryOptions(), staleTime: 0 });
}

/** POST /api/my/onboarding/shared: the creator copied their store's link from the checklist; answers the checklist. */
export const markOnboardingShared = () => call('POST /api/my/onboarding/shared');

/** POST /api/my/onboarding/dismiss: the creator put the checklist away; answers it (hidden). */
export const dismissOnboarding = () => call('POST /api/my/onboarding/dismiss');

/** Both answer the whole checklist, which replaces the cached one. */
function useOnboardingMutation(mutationFn: () => Promise<Onboarding>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingQueryOptions().queryKey, onboarding),
  });
}

export const useMarkOnboardingShared = () => useOnboardingMutation(markOnboardingShared);
export const useDismissOnboarding = () => useOnboardingMutation(dismissOnboarding);
