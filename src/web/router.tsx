import { createBrowserRouter, type RouteObject } from 'react-router';
import type { DashboardArea } from './app/guards/require-dashboard-access.tsx';
import { PublicLayout } from './app/layouts/public-layout.tsx';
import { RouteErrorPage } from './app/route-error-page.tsx';
import { FullPageLoader } from './app/full-page-loader.tsx';
import { HomePage } from './features/site/pages/home-page.tsx';
import { NotFoundPage } from './features/site/pages/not-found-page.tsx';
import { HomeShortener } from './features/links/components/shorten-form.tsx';
import { UserPreferencesSync } from './features/profiles/components/user-preferences-sync.tsx';

// Pages with forms or data load on demand, keeping the first download small.
const authPage = async () => ({ Component: (await import('./features/auth/pages/auth-page.tsx')).AuthPage });
const forgotPasswordPage = async () => ({
  Component: (await import('./features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
});
const resetPasswordPage = async () => ({
  Component: (await import('./features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
});
// The overview's Generate Payment Link quick action comes from the payments feature.
const overviewPage = async () => {
  const [{ OverviewPage }, { PaymentLinkDialog }] = await Promise.all([
    import('./features/sales/pages/overview-page.tsx'),
    import('./features/invoices/components/payment-link-dialog.tsx'),
  ]);
  return { Component: () => <OverviewPage paymentLinkAction={<PaymentLinkDialog className="justify-start" />} /> };
};
const zerriLinkPage = async () => ({ Component: (await import('./features/links/pages/zerrilink-page.tsx')).ZerriLinkPage });
const shortLinkPage = async () => ({ Component: (await import('./features/links/pages/short-link-page.tsx')).ShortLinkPage });
const myLinksPage = async () => ({ Component: (await import('./features/links/pages/my-links-page.tsx')).MyLinksPage });
const linkDetailsPage = async () => ({ Component: (await import('./features/links/pages/link-details-page.tsx')).LinkDetailsPage });
const blockedDomainsPage = async () => ({
  Component: (await import('./features/admin/pages/blocked-domains-page.tsx')).BlockedDomainsPage,
});
const myProductsPage = async () => ({ Component: (await import('./features/products/pages/my-products-page.tsx')).MyProductsPage });
const uploadProductPage = async () => ({
  Component: (await import('./features/products/pages/upload-product-page.tsx')).UploadProductPage,
});
const editProductPage = async () => ({ Component: (await import('./features/products/pages/edit-product-page.tsx')).EditProductPage });
const storePage = async () => ({ Component: (await import('./features/products/pages/store-page.tsx')).StorePage });
// The product page gets its Add to Cart from the cart feature.
const productPage = async () => {
  const [{ ProductPage }, { AddToCartButton }] = await Promise.all([
    import('./features/products/pages/product-page.tsx'),
    import('./features/orders/components/add-to-cart-button.tsx'),
  ]);
  return { Component: () => <ProductPage cartAction={(product) => <AddToCartButton product={product} />} /> };
};
const cartPage = async () => ({ Component: (await import('./features/orders/pages/cart-page.tsx')).CartPage });
const checkoutPage = async () => ({ Component: (await import('./features/orders/pages/checkout-page.tsx')).CheckoutPage });
const orderPaymentPage = async () => ({ Component: (await import('./features/orders/pages/order-payment-page.tsx')).OrderPaymentPage });
const libraryPage = async () => ({ Component: (await import('./features/orders/pages/library-page.tsx')).LibraryPage });
const storefrontPage = async () => ({ Component: (await import('./features/products/pages/storefront-page.tsx')).StorefrontPage });
// The design editor carries Konva (it needs the browser), so it stays in its own chunk.
const designEditorPage = async () => ({
  Component: (await import('./features/designs/pages/design-editor-page.tsx')).DesignEditorPage,
});
const aiStudioPage = async () => ({ Component: (await import('./features/ai/pages/ai-studio-page.tsx')).AiStudioPage });
const apiKeysPage = async () => ({ Component: (await import('./features/api-keys/pages/api-keys-page.tsx')).ApiKeysPage });
const adminOverviewPage = async () => ({
  Component: (await import('./features/admin/pages/admin-overview-page.tsx')).AdminOverviewPage,
});
// ZerriJobs: the jobs feature's tabs page, with the community feature's hub composed in as a tab.
const zerriJobsPage = async () => {
  const [{ ZerriJobsPage }, { CommunityHub }] = await Promise.all([
    import('./features/jobs/pages/zerrijobs-page.tsx'),
    import('./features/community/components/community-hub.tsx'),
  ]);
  return { Component: () => <ZerriJobsPage community={<CommunityHub />} /> };
};
const jobPage = async () => ({ Component: (await import('./features/jobs/pages/job-page.tsx')).JobPage });
const myJobsPage = async () => ({ Component: (await import('./features/jobs/pages/my-jobs-page.tsx')).MyJobsPage });
const postPage = async () => ({ Component: (await import('./features/community/pages/post-page.tsx')).PostPage });
// The profile page with the sales feature's history composed in as its client-history tab.
const profilePage = async () => {
  const [{ ProfilePage }, { SalesHistory }] = await Promise.all([
    import('./features/profiles/pages/profile-page.tsx'),
    import('./features/sales/components/sales-history.tsx'),
  ]);
  return { Component: () => <ProfilePage salesHistory={<SalesHistory />} /> };
};
// Settings with the auth feature's Security section (two-factor sign-in, passkeys); admins also get
// the admin feature's platform setting that requires two-factor sign-in for admins.
const settingsPage = async () => {
  const [{ SettingsPage }, { SecuritySection }] = await Promise.all([
    import('./features/profiles/pages/settings-page.tsx'),
    import('./features/auth/components/security-section.tsx'),
  ]);
  return { Component: () => <SettingsPage security={<SecuritySection />} /> };
};
const adminSettingsPage = async () => {
  const [{ SettingsPage }, { SecuritySection }, { AdminSecurityCard }] = await Promise.all([
    import('./features/profiles/pages/settings-page.tsx'),
    import('./features/auth/components/security-section.tsx'),
    import('./features/admin/components/admin-security-card.tsx'),
  ]);
  return {
    Component: () => (
      <SettingsPage
        security={
          <>
            <SecuritySection />
            <AdminSecurityCard />
          </>
        }
      />
    ),
  };
};
const adminUsersPage = async () => ({ Component: (await import('./features/admin/pages/users-page.tsx')).UsersPage });
const adminProductsPage = async () => ({ Component: (await import('./features/admin/pages/products-page.tsx')).ProductsPage });
const adminLinksPage = async () => ({ Component: (await import('./features/admin/pages/links-page.tsx')).LinksPage });
const auditLogPage = async () => ({ Component: (await import('./features/admin/pages/audit-log-page.tsx')).AuditLogPage });
const invoicesPage = async () => ({ Component: (await import('./features/invoices/pages/invoices-page.tsx')).InvoicesPage });
const payoutsPage = async () => ({ Component: (await import('./features/payouts/pages/payouts-page.tsx')).PayoutsPage });
const adminTransactionsPage = async () => ({
  Component: (await import('./features/admin/pages/admin-transactions-page.tsx')).AdminTransactionsPage,
});
// The public payment page of an invoice, with the checkout's card form composed in.
const payPage = async () => {
  const [{ PayPage }, { CardPaymentForm }] = await Promise.all([
    import('./features/invoices/pages/pay-page.tsx'),
    import('./features/orders/components/card-payment-form.tsx'),
  ]);
  return { Component: () => <PayPage CardForm={CardPaymentForm} /> };
};

// The dashboard shells (guard, sidebar, menus) load with the first dashboard page, not with the site.
const dashboardShell = (area: DashboardArea) => async () => {
  const [{ RequireDashboardAccess }, { DashboardLayout }] = await Promise.all([
    import('./app/guards/require-dashboard-access.tsx'),
    import('./app/layouts/dashboard-layout.tsx'),
  ]);
  return {
    Component: () => (
      <RequireDashboardAccess area={area}>
        <UserPreferencesSync />
        <DashboardLayout area={area} />
      </RequireDashboardAccess>
    ),
  };
};

// Info pages (features/site), each in its own chunk.
const sitePage = (path: string, load: () => Promise<RouteObject['Component']>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});
const infoPages: RouteObject[] = [
  sitePage('about', async () => (await import('./features/site/pages/about-page.tsx')).AboutPage),
  sitePage('careers', async () => (await import('./features/site/pages/careers-page.tsx')).CareersPage),
  sitePage('contact', async () => (await import('./features/site/pages/contact-page.tsx')).ContactPage),
  sitePage('privacy', async () => (await import('./features/site/pages/privacy-page.tsx')).PrivacyPage),
  sitePage('resources', async () => (await import('./features/site/pages/resources-page.tsx')).ResourcesPage),
  sitePage('docs', async () => (await import('./features/site/pages/docs-page.tsx')).DocsPage),
  sitePage('guides', async () => (await import('./features/site/pages/guides-page.tsx')).GuidesPage),
  sitePage('blog', async () => (await import('./features/site/pages/blog-page.tsx')).BlogPage),
  sitePage('support', async () => (await import('./features/site/pages/support-page.tsx')).SupportPage),
  sitePage('terms', async () => (await import('./features/site/pages/terms-page.tsx')).TermsPage),
  sitePage('cookies', async () => (await import('./features/site/pages/cookies-page.tsx')).CookiesPage),
];

/** Children shared by /dashboard and /creator-dashboard (SPEC §2 route table). */
const creatorPages: RouteObject[] = [
  { index: true, lazy: overviewPage },
  { path: 'profile', lazy: profilePage },
  { path: 'products', lazy: myProductsPage },
  { path: 'products/upload', lazy: uploadProductPage },
  { path: 'products/:productId/edit', lazy: editProductPage },
  { path: 'payments', lazy: invoicesPage },
  { path: 'payouts', lazy: payoutsPage },
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
      { path: 'library', lazy: libraryPage },
      { path: 'pay/:invoiceId', lazy: payPage },
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
      { path: 'api-keys', lazy: apiKeysPage },
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
      { path: 'audit', lazy: auditLogPage },
      { path: 'transactions', lazy: adminTransactionsPage },
      { path: 'blocked-domains', lazy: blockedDomainsPage },
      { path: 'settings', lazy: adminSettingsPage },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
