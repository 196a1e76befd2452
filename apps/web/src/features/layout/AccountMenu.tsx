/**
 * The header avatar menu (SPEC section 2: Profile, Messages, My Orders, Agent Jobs, Settings, Log Out).
 * Only the designer receives jobs, so only they see their inbox, named "Job requests"; everyone else
 * sees "Hire our designer", the way in to /private-job (issue 19).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { jobsTexts, type Viewer } from '@gigreel/core';
import { useLogOut } from '../auth/index.ts';
import { AccountUnreadBadge, MenuUnreadBadge } from '../notifications/index.ts';
import { Avatar } from '../../ui/avatar.tsx';

const menuItems = (viewer: Viewer) => [
  { to: '/profile', label: 'Profile' },
  { to: '/messages', label: 'Messages' },
  { to: '/orders', label: 'My Orders' },
  viewer.isDesigner
    ? { to: '/agent-jobs', label: jobsTexts.inboxTitle }
    : { to: '/private-job', label: jobsTexts.hireDesigner },
  { to: '/settings', label: 'Settings' },
];

export function AccountMenu({ viewer }: { viewer: Viewer }) {
  const navigate = useNavigate();
  const logOut = useLogOut();
  return (
    <Menu.Root>
      <Menu.Trigger className="relative rounded-full" aria-label={`Account menu for ${viewer.displayName}`}>
        <Avatar name={viewer.displayName} src={viewer.profileImage} size={36} />
        <AccountUnreadBadge />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-line bg-panel p-1 shadow-xl"
        >
          <Menu.Label className="px-3 py-2 text-xs text-zinc-400">{viewer.displayName}</Menu.Label>
          {menuItems(viewer).map((item) => (
            <Menu.Item
              key={item.to}
              onSelect={() => navigate(item.to)}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-zinc-100 outline-none data-[highlighted]:bg-white/10"
            >
              {item.label}
              <MenuUnreadBadge to={item.to} />
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item
            onSelect={() => void logOut()}
            className="cursor-pointer rounded-lg px-3 py-2 text-sm text-red-300 outline-none data-[highlighted]:bg-white/10"
          >
            Log Out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
