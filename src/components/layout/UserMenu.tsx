import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../lib/api';
import { LogOutIcon, UserIcon } from '../icons';
import { Dropdown, DropdownItem, DropdownLabel, DropdownSeparator } from '../ui/menu';
import { initials } from './nav';

export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      triggerLabel="Account menu"
      triggerClassName="p-0.5"
      trigger={
        <span className="grid size-9 place-items-center rounded-full bg-neural text-sm font-semibold text-white shadow-sm">
          {initials(user.name, user.email)}
        </span>
      }
    >
      <DropdownLabel>
        <p className="truncate text-sm font-semibold">{user.name || 'Your account'}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </DropdownLabel>
      <DropdownSeparator />
      <DropdownItem onClick={() => navigate({ to: '/profile' })}>
        <UserIcon />
        Profile
      </DropdownItem>
      <DropdownItem onClick={onSignOut}>
        <LogOutIcon />
        Sign Out
      </DropdownItem>
    </Dropdown>
  );
}
