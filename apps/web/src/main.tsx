import './zod-config.ts';
import './index.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from './api/query-client.ts';
import { AuthRequiredDialog, Guard, InactivityLogout, prefetchViewer } from './features/auth/index.ts';
import { prefetchFeed } from './features/feed/index.ts';
import { AppLayout } from './features/layout/index.ts';
import { setUpInstallableApp } from './features/pwa/index.ts';
import { Spinner } from './ui/misc.tsx';

const STATIC_PAGES = ['faq', 'how-it-works', 'terms', 'privacy', 'terms-policies', 'company', 'program'];

type Screen = {
  load: () => Promise<{ default: ComponentType }>;
  /** Starts the first request the screen will make, for when it is the screen the app opens on. */
  prefetch?: (client: QueryClient, url: URL) => void;
};

/** Every screen is its own chunk, so the first screen loads only what it shows. */
const page = (load: Screen['load'], prefetch?: Screen['prefetch']): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazy(load);
  return {
    element: (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    ),
    handle: { load, prefetch } satisfies Screen,
  };
};

function Root() {
  return (
    <Guard>
      <Outlet />
      <AuthRequiredDialog />
      <InactivityLogout />
    </Guard>
  );
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            path: '/',
            ...page(
              () => import('./routes/Feed.tsx'),
              (client, url) => prefetchFeed(client, url.searchParams),
            ),
          },
          { path: '/offer/:offerId', ...page(() => import('./routes/Feed.tsx')) },
          { path: '/boosted', ...page(() => import('./routes/Boosted.tsx')) },
          { path: '/explore', ...page(() => import('./routes/Explore.tsx')) },
          { path: '/post', ...page(() => import('./routes/Post.tsx')) },
          { path: '/profile', ...page(() => import('./routes/Profile.tsx')) },
          { path: '/creator/:creatorId', ...page(() => import('./routes/Creator.tsx')) },
          { path: '/stats', ...page(() => import('./routes/Stats.tsx')) },
          { path: '/messages', ...page(() => import('./routes/Messages.tsx')) },
          { path: '/notifications', ...page(() => import('./routes/Notifications.tsx')) },
          { path: '/settings', ...page(() => import('./routes/Settings.tsx')) },
          { path: '/orders', ...page(() => import('./routes/Orders.tsx')) },
          { path: '/order/:orderId', ...page(() => import('./routes/Order.tsx')) },
          { path: '/order/:orderId/upload', ...page(() => import('./routes/OrderUpload.tsx')) },
          { path: '/private-job', ...page(() => import('./routes/PrivateJob.tsx')) },
          { path: '/agent-jobs', ...page(() => import('./routes/AgentJobs.tsx')) },
          { path: '/appeal/:token', ...page(() => import('./routes/Appeal.tsx')) },
          { path: '/unsubscribe/:token', ...page(() => import('./routes/Unsubscribe.tsx')) },
          ...STATIC_PAGES.map((slug) => ({ path: `/${slug}`, ...page(() => import('./routes/StaticPage.tsx')) })),
        ],
      },
      { path: '/landing', ...page(() => import('./routes/Landing.tsx')) },
      { path: '/login', ...page(() => import('./routes/Login.tsx')) },
      { path: '/signup', ...page(() => import('./routes/Signup.tsx')) },
      { path: '/password-reset', ...page(() => import('./routes/PasswordReset.tsx')) },
      { path: '/admin/feed', ...page(() => import('./routes/AdminFeed.tsx')) },
      { path: '/admin/*', ...page(() => import('./routes/Admin.tsx')) },
      { path: '*', ...page(() => import('./routes/NotFound.tsx')) },
    ],
  },
];

/**
 * The screens, matched with the declarative router: the app uses no loaders, actions or fetchers, so
 * the data router (54 KB of minified script, 16 KB gzipped, parsed before the first screen) stays out.
 */
function Screens() {
  return useRoutes(routes);
}

// Before the first render, so an early beforeinstallprompt is not missed.
setUpInstallableApp();

const queryClient = createQueryClient();

// The screen the app opens on starts loading its code and its data now, alongside the session check
// the guard waits for, rather than one after the other.
const opening = new URL(window.location.href);
prefetchViewer(queryClient);
for (const match of matchRoutes(routes, opening) ?? []) {
  const screen = match.route.handle as Screen | undefined;
  void screen?.load();
  screen?.prefetch?.(queryClient, opening);
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </QueryClientProvider>
  </StrictMode>,
);
