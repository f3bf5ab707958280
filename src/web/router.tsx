import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireDashboardAccess } from './app/guards/require-dashboard-access.tsx';
import { DashboardLayout } from './app/layouts/dashboard-layout.tsx';
import { PublicLayout } from './app/layouts/public-layout.tsx';
import { RouteErrorPage } from './app/route-error-page.tsx';
import { PlaceholderPage } from './components/placeholder-page.tsx';
import { FullPageLoader } from './app/full-page-loader.tsx';
import { HomePage } from './features/site/pages/home-page.tsx';
import { NotFoundPage } from './features/site/pages/not-found-page.tsx';
import { ShortLinkRedirectPage } from './features/site/pages/short-link-redirect-page.tsx';

// Pages with forms or data load on demand, keeping the first download small.
const authPage = async () => ({ Component: (await import('./features/auth/pages/auth-page.tsx')).AuthPage });
const forgotPasswordPage = async () => ({
  Component: (await import('./features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
});
const resetPasswordPage = async () => ({
  Component: (await import('./features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
});
const overviewPage = async () => ({ Component: (await import('./features/dashboard/pages/overview-page.tsx')).OverviewPage });
const adminOverviewPage = async () => ({
  Component: (await import('./features/admin/pages/admin-overview-page.tsx')).AdminOverviewPage,
});

const placeholder = (path: string, title: string, description?: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} description={description} />,
});

/** Children shared by /dashboard and /creator-dashboard (SPEC §2 route table). */
const creatorPages: RouteObject[] = [
  { index: true, lazy: overviewPage },
  placeholder('profile', 'Profile', 'Your profile, storefront and sales history are coming soon.'),
  placeholder('products', 'My Products', 'The list of your uploaded products is coming soon.'),
  placeholder('products/upload', 'Upload Product', 'Uploading digital products is coming soon.'),
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
      { index: true, element: <HomePage /> },
      { path: 'auth', lazy: authPage },
      { path: 'auth/forgot-password', lazy: forgotPasswordPage },
      { path: 'auth/reset-password', lazy: resetPasswordPage },
      placeholder('store', 'Marketplace', 'Browsing and filtering digital products is coming soon.'),
      placeholder('store/product/:productId', 'Product Details', 'Product pages are coming soon.'),
      placeholder('store/creator/:userId', 'Creator Storefront', 'Creator storefronts are coming soon.'),
      placeholder('store/:creatorIdOrSlug', 'Creator Storefront', 'Creator storefronts are coming soon.'),
      placeholder('about', 'About Us', 'Our story and mission are coming soon.'),
      placeholder('careers', 'Careers', 'Open positions are coming soon.'),
      placeholder('contact', 'Contact Us', 'Ways to reach our team are coming soon.'),
      placeholder('privacy', 'Privacy Policy', 'Our privacy policy is coming soon.'),
      placeholder('resources', 'Resources', 'Documentation, guides and articles are coming soon.'),
      placeholder('zerrilink', 'ZerriLink', 'Creating and checking short links is coming soon.'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/z/*', element: <ShortLinkRedirectPage />, errorElement: <RouteErrorPage />, hydrateFallbackElement: <FullPageLoader /> },
  {
    path: '/dashboard',
    element: (
      <RequireDashboardAccess area="creator">
        <DashboardLayout area="creator" />
      </RequireDashboardAccess>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...creatorPages,
      placeholder('creator-tools/platform', 'Design Platform', 'The design canvas is coming soon.'),
      placeholder('creator-tools/ai-builder', 'AI Content Studio', 'Generating content with AI is coming soon.'),
      placeholder('zerrijobs', 'ZerriJobs', 'The jobs board and community hub are coming soon.'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/creator-dashboard',
    element: (
      <RequireDashboardAccess area="creator">
        <DashboardLayout area="creator" />
      </RequireDashboardAccess>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [...creatorPages, { path: '*', element: <NotFoundPage /> }],
  },
  {
    path: '/zerrilink-dashboard',
    element: (
      <RequireDashboardAccess area="creator">
        <DashboardLayout area="creator" />
      </RequireDashboardAccess>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, lazy: overviewPage },
      placeholder('profile', 'Profile', 'Your profile is coming soon.'),
      placeholder('settings', 'Account Settings', 'Account settings are coming soon.'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: (
      <RequireDashboardAccess area="admin">
        <DashboardLayout area="admin" />
      </RequireDashboardAccess>
    ),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, lazy: adminOverviewPage },
      placeholder('profile', 'Profile', 'Your profile is coming soon.'),
      placeholder('users', 'Manage Creators', 'Managing creator accounts is coming soon.'),
      placeholder('products', 'Products', 'Reviewing every product on the platform is coming soon.'),
      placeholder('transactions', 'Transactions', 'Platform-wide transactions are coming soon.'),
      placeholder('settings', 'Account Settings', 'Account settings are coming soon.'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
