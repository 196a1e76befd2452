/**
 * The main layout. Below 768 px: a header and the bottom tab bar (Home, Messages, Notifications,
 * Profile). From 768 px: the left sidebar with the search box, and the top-right buttons. SPEC section 2.
 */
import { Bell, Compass, Home, MessageCircle, PlusSquare, Rocket, Search, User } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { texts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { ImpersonationBadge } from '../admin/index.ts';
import { requireAuth, useViewer } from '../auth/index.ts';
import { TabUnreadBadge } from '../notifications/index.ts';
import { SearchBox } from '../search/index.ts';
import { BackButton, headerBack } from './BackButton.tsx';
import { GetAppButton } from './GetAppButton.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Logo } from '../../ui/logo.tsx';

// Only signed-in people see the account menu, and only an admin acting as a creator sees the
// impersonation badge (admin/lazy.ts): everyone else never loads their code.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));

export function AppLayout() {
  const { viewer } = useViewer();
  return (
    <div className="min-h-dvh md:flex">
      <Sidebar />
      <div className="flex min-h-dvh flex-1 flex-col">
        {viewer?.impersonatedBy ? (
          <Suspense fallback={null}>
            <ImpersonationBadge />
          </Suspense>
        ) : null}
        <TopBar />
        <main id="main" className="mx-auto w-full max-w-[480px] flex-1 pb-20 md:max-w-none md:pb-6">
          <Outlet />
        </main>
        <TabBar />
      </div>
    </div>
  );
}

const sideLinks = [
  { to: '/', label: 'For You', icon: Home },
  { to: '/explore', label: 'Explore', icon: Compass },
  { to: '/boosted', label: 'Boosted', icon: Rocket },
  { to: '/post', label: 'Post', icon: PlusSquare },
  { to: '/profile', label: 'Profile', icon: User },
];

function Sidebar() {
  return (
    <aside
      className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col gap-6 border-r border-line bg-ink p-5 md:flex"
      aria-label="Sidebar"
    >
      <Logo />
      <nav aria-label="Main" className="flex flex-col gap-1">
        {sideLinks.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            end
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-xl px-3 py-2.5 font-semibold hover:bg-white/5',
                isActive ? 'text-brand-400' : 'text-zinc-200',
              )
            }
          >
            <Icon className="h-5 w-5" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <SearchBox compact />
      <nav aria-label="About" className="mt-auto flex flex-col gap-1 text-sm text-zinc-300">
        <Link to="/company" className="hover:text-white">
          Company
        </Link>
        <Link to="/program" className="hover:text-white">
          Program
        </Link>
        <Link to="/terms-policies" className="hover:text-white">
          Terms &amp; Policies
        </Link>
      </nav>
    </aside>
  );
}

function TopBar() {
  const { viewer } = useViewer();
  const [searching, setSearching] = useState(false);
  const back = headerBack(useLocation());
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur md:border-none md:bg-transparent">
      <div className="mx-auto flex h-14 max-w-[480px] items-center justify-between gap-2 px-4 md:max-w-none md:px-6">
        <div className="flex items-center gap-1">
          {back ? <BackButton to={back.to} label={back.label} /> : null}
          <div className="md:hidden">
            <Logo compact />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClass('ghost', 'icon', 'md:hidden')}
            aria-label={searching ? 'Close search' : 'Search'}
            aria-expanded={searching}
            onClick={() => setSearching((open) => !open)}
          >
            <Search className="h-5 w-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm', 'max-md:hidden')}
            onClick={() => (viewer ? toast(texts.auth.coinsSoon) : requireAuth())}
          >
            Get Coins
          </button>
          <GetAppButton className="hidden md:inline-flex" />
          {viewer ? (
            <Suspense
              fallback={
                <span className="rounded-full">
                  <Avatar name={viewer.displayName} src={viewer.profileImage} size={36} />
                </span>
              }
            >
              <AccountMenu viewer={viewer} />
            </Suspense>
          ) : (
            <Link to="/login" className={buttonClass('primary', 'sm')}>
              Log in
            </Link>
          )}
        </div>
      </div>
      {searching ? (
        <div className="mx-auto max-w-[480px] px-4 pb-3 md:hidden">
          <SearchBox focus onDone={() => setSearching(false)} />
        </div>
      ) : null}
    </header>
  );
}

const tabs = [
  { to: '/', label: 'Home', icon: Home, needsAccount: false },
  { to: '/messages', label: 'Messages', icon: MessageCircle, needsAccount: true },
  { to: '/notifications', label: 'Notifications', icon: Bell, needsAccount: true },
  { to: '/profile', label: 'Profile', icon: User, needsAccount: true },
];

function TabBar() {
  const { viewer } = useViewer();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-ink/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-[480px] justify-around">
        {tabs.map(({ to, label, icon: Icon, needsAccount }) => (
          <li key={to}>
            <NavLink
              to={needsAccount && !viewer ? '/signup' : to}
              end
              className={({ isActive }) =>
                cn(
                  'relative flex min-w-16 flex-col items-center gap-0.5 px-3 py-2 text-xs font-medium',
                  isActive ? 'text-brand-400' : 'text-zinc-300',
                )
              }
            >
              <Icon className="h-6 w-6" aria-hidden="true" />
              {label}
              {viewer ? <TabUnreadBadge to={to} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
