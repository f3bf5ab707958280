/**
 * The creator's onboarding checklist (issue #46, docs/decisions/036-creator-home.md): the first steps of
 * a store, each ticked by the thing it asks for existing, shown on the overview until done or put away.
 */

/**
 * In the order a new creator takes them: confirm the e-mail address, set up payouts (a payout method or
 * a payout account that takes transfers), a first product with a cover, the store customized (a bio and
 * a picture), a link to the store or a product shared (copied from the checklist), a first sale.
 */
export const ONBOARDING_STEPS = ['confirm_email', 'payouts', 'first_product', 'store', 'share', 'first_sale'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Where each step is done. */
export const ONBOARDING_PATHS: Readonly<Record<OnboardingStep, string>> = {
  confirm_email: '/dashboard/settings',
  payouts: '/dashboard/payouts',
  first_product: '/dashboard/products/upload',
  store: '/dashboard/profile',
  share: '/dashboard/products',
  first_sale: '/dashboard/products',
};
