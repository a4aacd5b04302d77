import { Dialog, DialogPanel } from '@headlessui/react';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { type ComponentType, type SVGProps, useEffect, useState } from 'react';
import { CloseIcon, LayersIcon, LogOutIcon, MenuIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useAuth } from '../auth/context';
import { AdminGate } from './AdminGate';
import { DashboardIcon, GearIcon, PackageIcon, PeopleIcon, ReceiptIcon } from './icons';
import { isAdminFlagSet, setAdminFlag } from './session';

interface NavEntry {
  to:
    | '/admin'
    | '/admin/users'
    | '/admin/generations'
    | '/admin/credit-packs'
    | '/admin/transactions'
    | '/admin/settings';
  label: string;
  exact: boolean;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ADMIN_NAV: NavEntry[] = [
  { to: '/admin', label: 'Dashboard', exact: true, icon: DashboardIcon },
  { to: '/admin/users', label: 'Users', exact: false, icon: PeopleIcon },
  { to: '/admin/generations', label: 'Conversions', exact: false, icon: LayersIcon },
  { to: '/admin/credit-packs', label: 'Credit Packs', exact: false, icon: PackageIcon },
  { to: '/admin/transactions', label: 'Transactions', exact: false, icon: ReceiptIcon },
  { to: '/admin/settings', label: 'Settings', exact: false, icon: GearIcon },
];

/** The admin layout: the gate until this tab has passed it, then side navigation (a drawer on phones). */
export function AdminShell() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [passed, setPassed] = useState(isAdminFlagSet);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // Close the drawer whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setDrawerOpen(false), [pathname]);

  if (loading) return null;
  // The flag alone is not enough: the tab must still be signed in as an administrator.
  if (!passed || !user?.is_admin) {
    return (
      <AdminGate
        onPassed={() => {
          setAdminFlag(true);
          setPassed(true);
        }}
      />
    );
  }

  function logout() {
    setAdminFlag(false);
    setPassed(false);
    void navigate({ to: '/' });
  }

  return (
    <div className="mx-auto flex max-w-[96rem] gap-8 px-4 pt-20 pb-12 sm:px-6 lg:px-8">
      <aside className="sticky top-24 hidden h-[calc(100dvh-7rem)] w-60 shrink-0 lg:flex">
        <AdminNav email={user.email} onLogout={logout} />
      </aside>
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-3 pt-4 lg:hidden">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open admin menu"
          >
            <MenuIcon />
            Admin menu
          </Button>
          <Button variant="ghost" size="sm" onClick={logout}>
            <LogOutIcon />
            Logout
          </Button>
        </div>
        <div className="pt-6 lg:pt-8">
          <Outlet />
        </div>
      </div>
      <Dialog
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        className="fixed inset-0 z-[100] lg:hidden"
      >
        <div className="fixed inset-0 bg-black/50 backdrop-blur-sm" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col border-r border-border bg-card p-4 shadow-2xl">
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              className="grid size-9 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
              aria-label="Close admin menu"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <AdminNav email={user.email} onLogout={logout} bare />
        </DialogPanel>
      </Dialog>
    </div>
  );
}

function AdminNav({
  email,
  onLogout,
  bare = false,
}: {
  email: string;
  onLogout: () => void;
  bare?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex w-full flex-1 flex-col',
        !bare &&
          'rounded-2xl border border-border bg-card/70 p-3 shadow-sm backdrop-blur reduced-transparency:bg-card!',
      )}
    >
      <div className="px-3 pt-2 pb-4">
        <p className="text-xs font-semibold tracking-wider text-primary uppercase">Admin Panel</p>
        <p className="mt-1 truncate text-xs text-muted-foreground" title={email}>
          {email}
        </p>
      </div>
      <nav aria-label="Admin" className="flex flex-col gap-1">
        {ADMIN_NAV.map(({ to, label, exact, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            activeOptions={{ exact }}
            className={cn(
              'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors',
              'hover:bg-muted hover:text-foreground data-[status=active]:bg-primary/10 data-[status=active]:text-primary',
            )}
          >
            <Icon className="size-4.5" />
            {label}
          </Link>
        ))}
      </nav>
      <div className="mt-auto border-t border-border pt-3">
        <Button variant="ghost" className="w-full justify-start text-muted-foreground" onClick={onLogout}>
          <LogOutIcon />
          Logout
        </Button>
      </div>
    </div>
  );
}
