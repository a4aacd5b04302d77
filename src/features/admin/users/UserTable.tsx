import { useNavigate } from '@tanstack/react-router';
import { LayersIcon } from '../../../components/icons';
import { Badge } from '../../../components/ui/badge';
import { DropdownItem } from '../../../components/ui/menu';
import { formatDate, formatNumber } from '../format';
import { CoinPlusIcon } from '../icons';
import type { AdminUser } from '../normalise';
import { RowMenu } from '../RowMenu';
import { QUICK_GRANTS } from './texts';

export interface UserActions {
  edit: (user: AdminUser) => void;
  grant: (user: AdminUser, credits: number) => void;
  remove: (user: AdminUser) => void;
}

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-4 py-3 align-middle';

/** Name, Email, Credits, Status, Role, Joined, Actions (SPEC §2 "Users management"). */
export function UserTable({ users, actions }: { users: AdminUser[]; actions: UserActions }) {
  return (
    <>
      <UserCards users={users} actions={actions} />
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[52rem] text-sm">
          <thead className="border-b border-border bg-muted/40">
            <tr>
              <th className={th}>Name</th>
              <th className={th}>Email</th>
              <th className={th}>Credits</th>
              <th className={th}>Status</th>
              <th className={th}>Role</th>
              <th className={th}>Joined</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b border-border last:border-0 hover:bg-muted/30">
                <td className={`${td} font-medium whitespace-nowrap`}>{u.name || '-'}</td>
                <td className={`${td} text-muted-foreground`}>{u.email}</td>
                <td className={`${td} tabular-nums`}>{formatNumber(u.credits)} credits</td>
                <td className={td}>
                  <Badge variant="success">Active</Badge>
                </td>
                <td className={td}>
                  {u.is_admin ? <Badge variant="neural">Admin</Badge> : <Badge variant="outline">User</Badge>}
                </td>
                <td className={`${td} whitespace-nowrap text-muted-foreground`}>
                  {formatDate(u.created_at)}
                </td>
                <td className={`${td} text-right`}>
                  <UserMenu user={u} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Phones: one card per account, the menu always in reach (a wide table would hide it off-screen). */
function UserCards({ users, actions }: { users: AdminUser[]; actions: UserActions }) {
  return (
    <ul className="divide-y divide-border sm:hidden">
      {users.map((u) => (
        <li key={u.id} className="flex items-start gap-3 px-4 py-3.5">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{u.name || '-'}</p>
            <p className="truncate text-sm text-muted-foreground">{u.email}</p>
            <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
              <span className="font-semibold tabular-nums">{formatNumber(u.credits)} credits</span>
              <Badge variant="success">Active</Badge>
              {u.is_admin ? <Badge variant="neural">Admin</Badge> : <Badge variant="outline">User</Badge>}
              <span className="text-muted-foreground">Joined {formatDate(u.created_at)}</span>
            </div>
          </div>
          <UserMenu user={u} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

function UserMenu({ user: u, actions }: { user: AdminUser; actions: UserActions }) {
  const navigate = useNavigate();
  return (
    <RowMenu
      label={`Actions for ${u.email}`}
      edit={{ text: 'Edit User', onClick: () => actions.edit(u) }}
      remove={{ text: 'Delete User', onClick: () => actions.remove(u) }}
    >
      {QUICK_GRANTS.map((n) => (
        <DropdownItem key={n} onClick={() => actions.grant(u, n)}>
          <CoinPlusIcon />
          Add {n} Credits
        </DropdownItem>
      ))}
      <DropdownItem onClick={() => void navigate({ to: '/admin/generations', search: { q: u.email } })}>
        <LayersIcon />
        View Conversions
      </DropdownItem>
    </RowMenu>
  );
}
