import { createFileRoute, Link, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/admin')({
  component: AdminLayout,
});

const NAV = [
  { to: '/admin', label: 'Dashboard', exact: true },
  { to: '/admin/users', label: 'Users', exact: false },
  { to: '/admin/credit-packs', label: 'Credit Packs', exact: false },
  { to: '/admin/transactions', label: 'Transactions', exact: false },
  { to: '/admin/settings', label: 'Settings', exact: false },
] as const;

function AdminLayout() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-20 pb-10 sm:px-6 lg:flex-row lg:px-8">
      <aside className="lg:w-56 lg:shrink-0">
        <p className="px-3 pt-4 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          Admin
        </p>
        <nav aria-label="Admin" className="mt-2 flex gap-1 overflow-x-auto lg:flex-col">
          {NAV.map((n) => (
            <Link
              key={n.to}
              to={n.to}
              activeOptions={{ exact: n.exact }}
              className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground data-[status=active]:bg-primary/10 data-[status=active]:text-primary"
            >
              {n.label}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 flex-1 [&>section]:pt-10">
        <Outlet />
      </div>
    </div>
  );
}
