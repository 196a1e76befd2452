import './index.css';
import './features/pwa/register.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Outlet, RouterProvider, createBrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError } from './api/client.ts';
import { AuthRequiredDialog } from './features/auth/AuthRequired.tsx';
import { Guard } from './features/auth/Guard.tsx';
import { InactivityLogout } from './features/auth/Inactivity.tsx';
import { AppLayout } from './features/layout/AppLayout.tsx';
import { Spinner } from './ui/misc.tsx';

const STATIC_PAGES = ['faq', 'how-it-works', 'terms', 'privacy', 'terms-policies', 'company', 'program'];

/** Every screen is its own chunk, so the first screen loads only what it shows. */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
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

const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: page(() => import('./routes/Feed.tsx')) },
          { path: '/offer/:offerId', element: page(() => import('./routes/Feed.tsx')) },
          { path: '/boosted', element: page(() => import('./routes/Boosted.tsx')) },
          { path: '/explore', element: page(() => import('./routes/Explore.tsx')) },
          { path: '/post', element: page(() => import('./routes/Post.tsx')) },
          { path: '/profile', element: page(() => import('./routes/Profile.tsx')) },
          { path: '/creator/:creatorId', element: page(() => import('./routes/Creator.tsx')) },
          { path: '/messages', element: page(() => import('./routes/Messages.tsx')) },
          { path: '/notifications', element: page(() => import('./routes/Notifications.tsx')) },
          { path: '/settings', element: page(() => import('./routes/Settings.tsx')) },
          { path: '/orders', element: page(() => import('./routes/Orders.tsx')) },
          { path: '/order/:orderId', element: page(() => import('./routes/Order.tsx')) },
          { path: '/order/:orderId/upload', element: page(() => import('./routes/OrderUpload.tsx')) },
          { path: '/private-job', element: page(() => import('./routes/PrivateJob.tsx')) },
          { path: '/agent-jobs', element: page(() => import('./routes/AgentJobs.tsx')) },
          ...STATIC_PAGES.map((slug) => ({ path: `/${slug}`, element: page(() => import('./routes/StaticPage.tsx')) })),
        ],
      },
      { path: '/landing', element: page(() => import('./routes/Landing.tsx')) },
      { path: '/login', element: page(() => import('./routes/Login.tsx')) },
      { path: '/signup', element: page(() => import('./routes/Signup.tsx')) },
      { path: '/password-reset', element: page(() => import('./routes/PasswordReset.tsx')) },
      { path: '/admin/*', element: page(() => import('./routes/Admin.tsx')) },
      { path: '*', element: page(() => import('./routes/NotFound.tsx')) },
    ],
  },
]);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </QueryClientProvider>
  </StrictMode>,
);
