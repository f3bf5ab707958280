import { createBrowserRouter, type RouteObject } from 'react-router';
import type { DashboardArea } from './app/guards/require-dashboard-access.tsx';
import { PublicLayout } from './app/layouts/public-layout.tsx';
import { RouteErrorPage } from './app/route-error-page.tsx';
import { PlaceholderPage } from './components/placeholder-page.tsx';
import { FullPageLoader } from './app/full-page-loader.tsx';
import { HomePage } from './features/site/pages/home-page.tsx';
import { NotFoundPage } from './features/site/pages/not-found-page.tsx';
import { HomeShortener } from './features/links/components/shorten-form.tsx';

// Pages with forms or data load on demand, keeping the first download small.
const authPage = async () => ({ Component: (await import('./features/auth/pages/auth-page.tsx')).AuthPage });
const forgotPasswordPage = async () => ({
  Component: (await import('./features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
});
const resetPasswordPage = async () => ({
  Component: (await import('./features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
});
const overviewPage = async () => ({ Component: (await import('./features/dashboard/pages/overview-page.tsx')).OverviewPage });
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
const storePage = async () => ({ Component: (await import('./features/store/pages/store-page.tsx')).StorePage });
const productPage = async () => ({ Component: (await import('./features/store/pages/product-page.tsx')).ProductPage });
const storefrontPage = async () => ({ Component: (await import('./features/store/pages/storefront-page.tsx')).StorefrontPage });
// The design editor carries Konva (it needs the browser), so it stays in its own chunk.
const designEditorPage = async () => ({
  Component: (await import('./features/designs/pages/design-editor-page.tsx')).DesignEditorPage,
});
const aiStudioPage = async () => ({ Component: (await import('./features/ai/pages/ai-studio-page.tsx')).AiStudioPage });
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

// The dashboard shells (guard, sidebar, menus) load with the first dashboard page, not with the site.
const dashboardShell = (area: DashboardArea) => async () => {
  const [{ RequireDashboardAccess }, { DashboardLayout }] = await Promise.all([
    import('./app/guards/require-dashboard-access.tsx'),
    import('./app/layouts/dashboard-layout.tsx'),
  ]);
  return {
    Component: () => (
      <RequireDashboardAccess area={area}>
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

const placeholder = (path: string, title: string, description?: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} description={description} />,
});

/** Children shared by /dashboard and /creator-dashboard (SPEC §2 route table). */
const creatorPages: RouteObject[] = [
  { index: true, lazy: overviewPage },
  placeholder('profile', 'Profile', 'Your profile, storefront and sales history are coming soon.'),
  { path: 'products', lazy: myProductsPage },
  { path: 'products/upload', lazy: uploadProductPage },
  { path: 'products/:productId/edit', lazy: editProductPage },
  placeholder('payments', 'Client Payments & Invoices', 'Invoicing your clients is coming soon.'),
  placeholder('payouts', 'My Payouts', 'Your balance and payout requests are coming soon.'),
  placeholder('settings', 'Account Settings', 'Account settings are coming soon.'),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
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
      placeholder('profile', 'Profile', 'Your profile is coming soon.'),
      placeholder('settings', 'Account Settings', 'Account settings are coming soon.'),
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
      placeholder('profile', 'Profile', 'Your profile is coming soon.'),
      placeholder('users', 'Manage Creators', 'Managing creator accounts is coming soon.'),
      placeholder('products', 'Products', 'Reviewing every product on the platform is coming soon.'),
      placeholder('transactions', 'Transactions', 'Platform-wide transactions are coming soon.'),
      { path: 'blocked-domains', lazy: blockedDomainsPage },
      placeholder('settings', 'Account Settings', 'Account settings are coming soon.'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
