import type { ComponentType } from 'react';
import type { BuyNowButton as BuyNowButtonType } from './features/orders/components/buy-now-dialog.tsx';
import type { CardAction } from './features/products/components/product-card.tsx';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import type { DashboardArea } from './app/guards/require-dashboard-access.tsx';
import { BareLayout } from './app/layouts/bare-layout.tsx';
import { EmbedLayout } from './app/layouts/embed-layout.tsx';
import { PublicLayout } from './app/layouts/public-layout.tsx';
import { RouteErrorPage } from './app/route-error-page.tsx';
import { FullPageLoader } from './app/full-page-loader.tsx';
import { HomePage } from './features/site/pages/home-page.tsx';
import { NotFoundPage } from './features/site/pages/not-found-page.tsx';
import { HomeShortener } from './features/links/components/shorten-form.tsx';
import { UserPreferencesSync } from './features/profiles/components/user-preferences-sync.tsx';
import { loadNamespaces } from './lib/i18n.ts';

/**
 * A route loaded on demand with the strings of the namespaces its components use (beyond the first
 * view's, lib/i18n.ts), so it never renders raw keys; route-namespaces.test.ts checks the lists.
 */
const page =
  (namespaces: string[], load: () => Promise<ComponentType>): LazyRouteFunction<RouteObject> =>
  async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };

// Pages with forms or data load on demand, keeping the first download small.
const authPage = page(['auth'], async () => (await import('./features/auth/pages/auth-page.tsx')).AuthPage);
const forgotPasswordPage = page(['auth'], async () => (await import('./features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage);
const resetPasswordPage = page(['auth'], async () => (await import('./features/auth/pages/reset-password-page.tsx')).ResetPasswordPage);
// The dashboard's index: each role its own home (app/homes), composed from the sales, invoices,
// orders, community, jobs and onboarding features.
const dashboardHomePage = page(['community', 'invoices', 'jobs', 'onboarding', 'orders', 'sales'], async () => (await import('./app/homes/dashboard-home.tsx')).DashboardHome);
const zerriLinkPage = page(['links-pages'], async () => (await import('./features/links/pages/zerrilink-page.tsx')).ZerriLinkPage);
const shortLinkPage = page(['links-pages'], async () => (await import('./features/links/pages/short-link-page.tsx')).ShortLinkPage);
const myLinksPage = page(['links-pages'], async () => (await import('./features/links/pages/my-links-page.tsx')).MyLinksPage);
const linkDetailsPage = page(['links-pages'], async () => (await import('./features/links/pages/link-details-page.tsx')).LinkDetailsPage);
const blockedDomainsPage = page(['admin'], async () => (await import('./features/admin/pages/blocked-domains-page.tsx')).BlockedDomainsPage);
const adminTasksPage = page(['admin'], async () => (await import('./features/admin/pages/tasks-page.tsx')).TasksPage);
const myProductsPage = page(['products'], async () => (await import('./features/products/pages/my-products-page.tsx')).MyProductsPage);
const uploadProductPage = page(['products'], async () => (await import('./features/products/pages/upload-product-page.tsx')).UploadProductPage);
// The edit page with the memberships feature's "Membership" card (recurring prices, trial).
const editProductPage = page(['affiliates', 'memberships', 'products'], async () => {
  const [{ EditProductPage }, { MembershipPlanSection }, { AffiliateProgramSection }] = await Promise.all([
    import('./features/products/pages/edit-product-page.tsx'),
    import('./features/memberships/components/membership-plan-section.tsx'),
    import('./features/affiliates/components/affiliate-program-section.tsx'),
  ]);
  return () => (
    <EditProductPage
      membership={(product) => <MembershipPlanSection {...product} />}
      affiliates={(product) => <AffiliateProgramSection productId={product.productId} />}
    />
  );
});
const membersPage = page(['memberships'], async () => (await import('./features/memberships/pages/members-page.tsx')).MembersPage);
const analyticsPage = page(['analytics'], async () => (await import('./features/analytics/pages/analytics-page.tsx')).AnalyticsPage);
const customersPage = page(['customers'], async () => (await import('./features/customers/pages/customers-page.tsx')).CustomersPage);
// Joining a membership, with the orders feature's payment form (test card, or Stripe Checkout).
const joinMembershipPage = page(['memberships', 'orders'], async () => {
  const [{ JoinMembershipPage }, { SubscriptionPaymentForm }] = await Promise.all([
    import('./features/memberships/pages/join-membership-page.tsx'),
    import('./features/orders/components/card-payment-form.tsx'),
  ]);
  return () => <JoinMembershipPage CardForm={SubscriptionPaymentForm} />;
});
// Product cards get the orders feature's Buy now (the same dialog as the product page's).
const cardBuyNow = (BuyNowButton: typeof BuyNowButtonType): CardAction => (product) => (
  <BuyNowButton product={{ id: product.id, name: product.name, currency: product.currency }} size="sm" />
);
const storePage = page(['orders', 'products'], async () => {
  const [{ StorePage }, { BuyNowButton }] = await Promise.all([import('./features/products/pages/store-page.tsx'), import('./features/orders/components/buy-now-dialog.tsx')]);
  return () => <StorePage cardAction={cardBuyNow(BuyNowButton)} />;
});
// The product page gets its Add to Cart from the cart feature.
// The product page gets "Get updates" (the creator's e-mail sign-up) from the audience feature.
// A membership product (hasMembershipPlan) gets the memberships feature's offer (tiers, billing period, trial) instead.
const productPage = page(['affiliates', 'audience', 'memberships', 'orders', 'products'], async () => {
  const [{ ProductPage }, { AddToCartButton }, { GetUpdatesBox }, { MembershipOffer }, { BecomeAffiliateBox }] = await Promise.all([
    import('./features/products/pages/product-page.tsx'),
    import('./features/orders/components/add-to-cart-button.tsx'),
    import('./features/audience/components/get-updates-box.tsx'),
    import('./features/memberships/components/membership-offer.tsx'),
    import('./features/affiliates/components/become-affiliate-box.tsx'),
  ]);
  return () => (
    <ProductPage
      cartAction={(product) =>
        product.hasMembershipPlan ? <MembershipOffer productId={product.id} fallback={<AddToCartButton product={product} />} /> : <AddToCartButton product={product} />
      }
      updatesBox={(creator) => <GetUpdatesBox creatorId={creator.id} creatorName={creator.name} />}
      affiliateBox={(product) => <BecomeAffiliateBox productId={product.id} />}
    />
  );
});
const cartPage = page(['orders'], async () => (await import('./features/orders/pages/cart-page.tsx')).CartPage);
const checkoutPage = page(['orders'], async () => (await import('./features/orders/pages/checkout-page.tsx')).CheckoutPage);
const orderPaymentPage = page(['orders'], async () => (await import('./features/orders/pages/order-payment-page.tsx')).OrderPaymentPage);
// A receipt shows its license keys with the licenses feature's copyable key, as the library does.
const receiptPage = page(['licenses', 'orders'], async () => {
  const [{ ReceiptPage }, { OwnedLicenseKey }] = await Promise.all([
    import('./features/orders/pages/receipt-page.tsx'),
    import('./features/licenses/components/owned-license-key.tsx'),
  ]);
  return () => <ReceiptPage licenseKey={(item) => (item.license ? <OwnedLicenseKey license={item.license} productName={item.productName} /> : null)} />;
});
// The embed's Buy now screen (decision 032): the products feature's product, the orders feature's screen.
const embedProductPage = page(['orders', 'products'], async () => {
  const [{ EmbedProductPage }, { EmbedBuyNow }] = await Promise.all([
    import('./features/products/pages/embed-product-page.tsx'),
    import('./features/orders/components/embed-buy-now.tsx'),
  ]);
  return () => <EmbedProductPage buyNow={(product) => <EmbedBuyNow product={product} />} />;
});
// The library shows each purchase's license key with the licenses feature's copyable key, the
// creators' posts sent to the buyer (audience feature) as Updates, and the memberships feature's list
// of the buyer's memberships, a past-due one's new card taken with the orders feature's payment form.
const libraryPage = page(['audience', 'licenses', 'memberships', 'orders'], async () => {
  const [{ LibraryPage }, { OwnedLicenseKey }, { LibraryUpdates }, { MyMemberships }, { SubscriptionPaymentForm }] = await Promise.all([
    import('./features/orders/pages/library-page.tsx'),
    import('./features/licenses/components/owned-license-key.tsx'),
    import('./features/audience/components/library-updates.tsx'),
    import('./features/memberships/components/my-memberships.tsx'),
    import('./features/orders/components/card-payment-form.tsx'),
  ]);
  return () => (
    <LibraryPage
      licenseKey={(item) => (item.license ? <OwnedLicenseKey license={item.license} productName={item.productName} /> : null)}
      memberships={<MyMemberships CardForm={SubscriptionPaymentForm} />}
      updates={<LibraryUpdates />}
    />
  );
});
// A storefront with the audience feature's "Get updates" sign-up.
const storefrontPage = page(['audience', 'orders', 'products', 'profiles'], async () => {
  const [{ StorefrontPage }, { GetUpdatesBox }, { BuyNowButton }] = await Promise.all([
    import('./features/products/pages/storefront-page.tsx'),
    import('./features/audience/components/get-updates-box.tsx'),
    import('./features/orders/components/buy-now-dialog.tsx'),
  ]);
  return () => (
    <StorefrontPage
      updatesBox={(creator) => <GetUpdatesBox creatorId={creator.id} creatorName={creator.name} />}
      cardAction={cardBuyNow(BuyNowButton)}
    />
  );
});
// The design editor carries Konva (it needs the browser), so it stays in its own chunk.
const designEditorPage = page(['designs'], async () => (await import('./features/designs/pages/design-editor-page.tsx')).DesignEditorPage);
const aiStudioPage = page(['ai'], async () => (await import('./features/ai/pages/ai-studio-page.tsx')).AiStudioPage);
const teamPage = page(['teams'], async () => (await import('./features/teams/pages/team-page.tsx')).TeamPage);
const acceptInvitePage = page(['teams'], async () => (await import('./features/teams/pages/accept-invite-page.tsx')).AcceptInvitePage);
const apiKeysPage = page(['api-keys'], async () => (await import('./features/api-keys/pages/api-keys-page.tsx')).ApiKeysPage);
const audiencePage = page(['audience'], async () => (await import('./features/audience/pages/audience-page.tsx')).AudiencePage);
const discountsPage = page(['discounts'], async () => (await import('./features/discounts/pages/discounts-page.tsx')).DiscountsPage);
const affiliatesPage = page(['affiliates'], async () => (await import('./features/affiliates/pages/affiliates-page.tsx')).AffiliatesPage);
const licensesPage = page(['licenses'], async () => (await import('./features/licenses/pages/licenses-page.tsx')).LicensesPage);
const creatorPageEditorPage = page(['creator-page'], async () => (await import('./features/creator-page/pages/creator-page-editor.tsx')).CreatorPageEditorPage);
const domainsPage = page(['domains'], async () => (await import('./features/domains/pages/domains-page.tsx')).DomainsPage);
const webhooksPage = page(['webhooks'], async () => (await import('./features/webhooks/pages/webhooks-page.tsx')).WebhooksPage);
const adminOverviewPage = page(['admin', 'sales'], async () => (await import('./features/admin/pages/admin-overview-page.tsx')).AdminOverviewPage);
// ZerriJobs: the jobs feature's tabs page, with the community feature's hub composed in as a tab.
const zerriJobsPage = page(['community', 'jobs'], async () => {
  const [{ ZerriJobsPage }, { CommunityHub }] = await Promise.all([
    import('./features/jobs/pages/zerrijobs-page.tsx'),
    import('./features/community/components/community-hub.tsx'),
  ]);
  return () => <ZerriJobsPage community={<CommunityHub />} />;
});
const jobPage = page(['jobs'], async () => (await import('./features/jobs/pages/job-page.tsx')).JobPage);
const myJobsPage = page(['jobs'], async () => (await import('./features/jobs/pages/my-jobs-page.tsx')).MyJobsPage);
const conversationsPage = page(['conversations'], async () => (await import('./features/conversations/pages/conversations-page.tsx')).ConversationsPage);
const reportedConversationsPage = page(['conversations'], async () => (await import('./features/conversations/pages/reported-conversations-page.tsx')).ReportedConversationsPage);
const postPage = page(['community'], async () => (await import('./features/community/pages/post-page.tsx')).PostPage);
// The profile page with the sales feature's history composed in as its client-history tab.
const profilePage = page(['orders', 'profiles', 'sales'], async () => {
  const [{ ProfilePage }, { SalesHistory }] = await Promise.all([
    import('./features/profiles/pages/profile-page.tsx'),
    import('./features/sales/components/sales-history.tsx'),
  ]);
  return () => <ProfilePage salesHistory={<SalesHistory />} />;
});
// Settings with the plans feature's Plan & Billing card (buying a plan with the orders feature's
// test-card form), the auth feature's Security section (two-factor sign-in, passkeys) and the way to
// the webhooks feature's page; admins also get the admin feature's platform settings: two-factor
// sign-in required for admins, what happens to creators without a payout account, the public site.
const settingsPage = page(['auth', 'profiles', 'webhooks', 'domains', 'plans', 'orders'], async () => {
  const [{ SettingsPage }, { SecuritySection }, { WebhooksSettingsCard }, { DomainsSettingsCard }, { PlanBillingCard }, { SubscriptionPaymentForm }] = await Promise.all([
    import('./features/profiles/pages/settings-page.tsx'),
    import('./features/auth/components/security-section.tsx'),
    import('./features/webhooks/components/webhooks-settings-card.tsx'),
    import('./features/domains/components/domains-settings-card.tsx'),
    import('./features/plans/components/plan-billing-card.tsx'),
    import('./features/orders/components/card-payment-form.tsx'),
  ]);
  return () => (
    <SettingsPage
      plan={<PlanBillingCard CardForm={SubscriptionPaymentForm} />}
      security={<SecuritySection />}
      integrations={
        <>
          <WebhooksSettingsCard to="/dashboard/webhooks" />
          <DomainsSettingsCard to="/dashboard/domains" />
        </>
      }
    />
  );
});
const adminSettingsPage = page(['admin', 'auth', 'profiles', 'webhooks'], async () => {
  const [{ SettingsPage }, { SecuritySection }, { AdminSecurityCard }, { WebhooksSettingsCard }, { AdminPayoutsCard }, { SiteContentCard }] = await Promise.all([
    import('./features/profiles/pages/settings-page.tsx'),
    import('./features/auth/components/security-section.tsx'),
    import('./features/admin/components/admin-security-card.tsx'),
    import('./features/webhooks/components/webhooks-settings-card.tsx'),
    import('./features/admin/components/admin-payouts-card.tsx'),
    import('./features/admin/components/site-content-card.tsx'),
  ]);
  return () => (
    <SettingsPage
      security={
        <>
          <SecuritySection />
          <AdminSecurityCard />
        </>
      }
      integrations={<WebhooksSettingsCard to="/admin/webhooks" />}
      platform={
        <>
          <AdminPayoutsCard />
          <SiteContentCard />
        </>
      }
    />
  );
});
const adminUsersPage = page(['admin'], async () => (await import('./features/admin/pages/users-page.tsx')).UsersPage);
const adminProductsPage = page(['admin', 'products'], async () => (await import('./features/admin/pages/products-page.tsx')).ProductsPage);
const adminLinksPage = page(['admin'], async () => (await import('./features/admin/pages/links-page.tsx')).LinksPage);
const auditLogPage = page(['admin'], async () => (await import('./features/admin/pages/audit-log-page.tsx')).AuditLogPage);
const invoicesPage = page(['invoices'], async () => (await import('./features/invoices/pages/invoices-page.tsx')).InvoicesPage);
const salesPage = page(['orders', 'sales'], async () => (await import('./features/sales/pages/sales-page.tsx')).SalesPage);
const payoutsPage = page(['payouts'], async () => (await import('./features/payouts/pages/payouts-page.tsx')).PayoutsPage);
// The built-in test provider's onboarding, standing in for Stripe's (decision 035).
const testOnboardingPage = page(['payouts'], async () => (await import('./features/payouts/pages/test-onboarding-page.tsx')).TestOnboardingPage);
const adminTransactionsPage = page(['admin', 'payouts'], async () => (await import('./features/admin/pages/admin-transactions-page.tsx')).AdminTransactionsPage);
// The public payment page of an invoice, with the checkout's card form composed in.
const payPage = page(['invoices', 'orders'], async () => {
  const [{ PayPage }, { CardPaymentForm }] = await Promise.all([
    import('./features/invoices/pages/pay-page.tsx'),
    import('./features/orders/components/card-payment-form.tsx'),
  ]);
  return () => <PayPage CardForm={CardPaymentForm} />;
});

// The dashboard shells (guard, sidebar, menus) load with the first dashboard page, not with the site.
const dashboardShell = (area: DashboardArea) =>
  page(['admin', 'affiliates', 'api-keys', 'audience', 'conversations', 'creator-page', 'discounts', 'licenses', 'memberships', 'notifications', 'teams', 'webhooks'], async () => {
    const [{ RequireDashboardAccess }, { DashboardLayout }] = await Promise.all([
      import('./app/guards/require-dashboard-access.tsx'),
      import('./app/layouts/dashboard-layout.tsx'),
    ]);
    return () => (
      <RequireDashboardAccess area={area}>
        <UserPreferencesSync />
        <DashboardLayout area={area} />
      </RequireDashboardAccess>
    );
  });

// Info pages (features/site), each in its own chunk; their texts are the `info` namespace, not in the first view.
const infoPages: RouteObject[] = [
  { path: 'about', lazy: page(['info'], async () => (await import('./features/site/pages/about-page.tsx')).AboutPage) },
  { path: 'careers', lazy: page(['info'], async () => (await import('./features/site/pages/careers-page.tsx')).CareersPage) },
  { path: 'contact', lazy: page(['info'], async () => (await import('./features/site/pages/contact-page.tsx')).ContactPage) },
  { path: 'privacy', lazy: page(['info'], async () => (await import('./features/site/pages/privacy-page.tsx')).PrivacyPage) },
  { path: 'resources', lazy: page(['info'], async () => (await import('./features/site/pages/resources-page.tsx')).ResourcesPage) },
  { path: 'docs', lazy: page(['info'], async () => (await import('./features/site/pages/docs-page.tsx')).DocsPage) },
  { path: 'guides', lazy: page(['info'], async () => (await import('./features/site/pages/guides-page.tsx')).GuidesPage) },
  { path: 'blog', lazy: page(['info'], async () => (await import('./features/site/pages/blog-page.tsx')).BlogPage) },
  { path: 'support', lazy: page(['info'], async () => (await import('./features/site/pages/support-page.tsx')).SupportPage) },
  { path: 'terms', lazy: page(['info'], async () => (await import('./features/site/pages/terms-page.tsx')).TermsPage) },
  { path: 'cookies', lazy: page(['info'], async () => (await import('./features/site/pages/cookies-page.tsx')).CookiesPage) },
];

/** Children shared by /dashboard and /creator-dashboard (SPEC §2 route table). */
const creatorPages: RouteObject[] = [
  { index: true, lazy: dashboardHomePage },
  { path: 'profile', lazy: profilePage },
  { path: 'products', lazy: myProductsPage },
  { path: 'products/upload', lazy: uploadProductPage },
  { path: 'products/:productId/edit', lazy: editProductPage },
  { path: 'discounts', lazy: discountsPage },
  { path: 'members', lazy: membersPage },
  { path: 'analytics', lazy: analyticsPage },
  { path: 'customers', lazy: customersPage },
  { path: 'audience', lazy: audiencePage },
  { path: 'sales', lazy: salesPage },
  { path: 'payments', lazy: invoicesPage },
  { path: 'payouts', lazy: payoutsPage },
  { path: 'payouts/test-onboarding', lazy: testOnboardingPage },
  { path: 'settings', lazy: settingsPage },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <UserPreferencesSync />
        <PublicLayout />
      </>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, element: <HomePage shortenerSlot={<HomeShortener />} /> },
      { path: 'auth', lazy: authPage },
      { path: 'auth/forgot-password', lazy: forgotPasswordPage },
      { path: 'auth/reset-password', lazy: resetPasswordPage },
      { path: 'store', lazy: storePage },
      { path: 'store/product/:productId', lazy: productPage },
      { path: 'store/creator/:userId', lazy: storefrontPage },
      { path: 'store/:creatorIdOrSlug', lazy: storefrontPage },
      ...infoPages,
      { path: 'zerrilink', lazy: zerriLinkPage },
      { path: 'cart', lazy: cartPage },
      { path: 'checkout', lazy: checkoutPage },
      { path: 'checkout/:orderId', lazy: orderPaymentPage },
      { path: 'receipt/:token', lazy: receiptPage },
      { path: 'library', lazy: libraryPage },
      { path: 'team/accept', lazy: acceptInvitePage },
      { path: 'memberships/join/:productId', lazy: joinMembershipPage },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The payment page is the creator's invoice, hosted: no marketing header or footer.
  {
    path: '/pay/:invoiceId',
    element: (
      <>
        <UserPreferencesSync />
        <BareLayout />
      </>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [{ index: true, lazy: payPage }],
  },
  // The only pages other sites may frame (the server's frame-ancestors): Buy now and its receipt, for /embed.js.
  {
    path: '/embed',
    element: (
      <>
        <UserPreferencesSync />
        <EmbedLayout />
      </>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: 'product/:productId', lazy: embedProductPage },
      { path: 'receipt/:token', lazy: receiptPage },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/z/*', lazy: shortLinkPage, errorElement: <RouteErrorPage />, hydrateFallbackElement: <FullPageLoader /> },
  {
    path: '/dashboard',
    lazy: dashboardShell('creator'),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...creatorPages,
      { path: 'creator-tools/platform', lazy: designEditorPage },
      { path: 'creator-tools/ai-builder', lazy: aiStudioPage },
      { path: 'zerrijobs', lazy: zerriJobsPage },
      { path: 'zerrijobs/jobs/:jobId', lazy: jobPage },
      { path: 'zerrijobs/my-jobs', lazy: myJobsPage },
      { path: 'zerrijobs/posts/:postId', lazy: postPage },
      { path: 'messages', lazy: conversationsPage },
      { path: 'messages/:conversationId', lazy: conversationsPage },
      { path: 'licenses', lazy: licensesPage },
      { path: 'affiliates', lazy: affiliatesPage },
      { path: 'api-keys', lazy: apiKeysPage },
      { path: 'team', lazy: teamPage },
      { path: 'webhooks', lazy: webhooksPage },
      { path: 'domains', lazy: domainsPage },
      { path: 'creator-page', lazy: creatorPageEditorPage },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/creator-dashboard',
    lazy: dashboardShell('creator'),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [...creatorPages, { path: '*', element: <NotFoundPage /> }],
  },
  {
    path: '/zerrilink-dashboard',
    lazy: dashboardShell('creator'),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, lazy: myLinksPage },
      { path: 'links/:code', lazy: linkDetailsPage },
      { path: 'profile', lazy: profilePage },
      { path: 'settings', lazy: settingsPage },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    lazy: dashboardShell('admin'),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, lazy: adminOverviewPage },
      { path: 'profile', lazy: profilePage },
      { path: 'users', lazy: adminUsersPage },
      { path: 'products', lazy: adminProductsPage },
      { path: 'links', lazy: adminLinksPage },
      { path: 'conversations', lazy: reportedConversationsPage },
      { path: 'conversations/:conversationId', lazy: reportedConversationsPage },
      { path: 'audit', lazy: auditLogPage },
      { path: 'transactions', lazy: adminTransactionsPage },
      { path: 'blocked-domains', lazy: blockedDomainsPage },
      { path: 'tasks', lazy: adminTasksPage },
      { path: 'webhooks', lazy: webhooksPage },
      { path: 'ai-builder', lazy: aiStudioPage },
      { path: 'settings', lazy: adminSettingsPage },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
