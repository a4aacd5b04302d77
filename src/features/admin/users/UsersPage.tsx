import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../auth/context';
import { adminApi } from '../api';
import { PlusIcon, RefreshIcon, SearchIcon } from '../icons';
import type { AdminUser } from '../normalise';
import { PageHeader, StateMessage } from '../PageHeader';
import { AddUserDialog } from './AddUserDialog';
import { EditUserDialog, type UserEdits } from './EditUserDialog';
import { SEARCH_DEBOUNCE_MS, USERS_TEXT } from './texts';
import { UserTable } from './UserTable';
import { useAdminUsers } from './useAdminUsers';

function failure(title: string, err: unknown) {
  notify(title, { description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
}

/** Users management (SPEC §2, §4, §8): search, pages, quick grants, edit, delete. */
export function UsersPage() {
  const { user: me, refreshUser } = useAuth();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const list = useAdminUsers(query);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const [addOpen, setAddOpen] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  async function grant(user: AdminUser, credits: number) {
    try {
      list.replace(await adminApi.addCredits(user.id, credits));
      const [title, description] = USERS_TEXT.creditsAdded(credits);
      notify(title, { description, variant: 'success' });
      if (user.id === me?.id) void refreshUser();
    } catch (err) {
      failure(USERS_TEXT.creditsFailed, err);
    }
  }

  async function save(user: AdminUser, edits: UserEdits) {
    setSaving(true);
    try {
      // Profile and role first: if the e-mail is refused, no credits move.
      let updated = await adminApi.updateUser(user.id, {
        name: edits.name.trim(),
        email: edits.email.trim(),
        is_admin: edits.is_admin,
      });
      // The row shows the saved profile even if the credit change below is refused.
      list.replace(updated);
      const difference = edits.credits - user.credits;
      if (difference !== 0) updated = await adminApi.addCredits(user.id, difference);
      list.replace(updated);
      setEditing(null);
      notify(USERS_TEXT.updated[0], { description: USERS_TEXT.updated[1], variant: 'success' });
      if (user.id === me?.id) void refreshUser();
    } catch (err) {
      failure(USERS_TEXT.updateFailed, err);
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      await adminApi.deleteUser(deleting.id);
      list.remove(deleting.id);
      setDeleting(null);
      notify(USERS_TEXT.deleted[0], { description: USERS_TEXT.deleted[1], variant: 'success' });
    } catch (err) {
      failure(USERS_TEXT.deleteFailed, err);
    } finally {
      setBusyDelete(false);
    }
  }

  const firstLoad = list.loading && list.users.length === 0;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Users"
        description={USERS_TEXT.heading(list.total)}
        actions={
          <>
            <Button variant="outline" onClick={() => void list.refresh()} disabled={list.loading}>
              <RefreshIcon className={cn(list.loading && 'animate-spin')} />
              Refresh
            </Button>
            <Button variant="neural" onClick={() => setAddOpen(true)}>
              <PlusIcon />
              Add User
            </Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        <div className="border-b border-border p-4">
          <div className="relative max-w-md">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search users"
              placeholder={USERS_TEXT.search}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-10"
            />
          </div>
        </div>
        {firstLoad ? (
          <StateMessage>{USERS_TEXT.loading}</StateMessage>
        ) : list.error && list.users.length === 0 ? (
          <StateMessage tone="error">
            {USERS_TEXT.loadError}
            <span className="text-xs font-normal text-muted-foreground">{list.error}</span>
            <Button variant="outline" size="sm" onClick={() => void list.refresh()}>
              Retry
            </Button>
          </StateMessage>
        ) : list.users.length === 0 ? (
          <StateMessage>{query ? USERS_TEXT.emptySearch : USERS_TEXT.empty}</StateMessage>
        ) : (
          <>
            <UserTable
              users={list.users}
              actions={{ edit: setEditing, grant: (u, n) => void grant(u, n), remove: setDeleting }}
            />
            <div className="flex flex-col items-center gap-2 border-t border-border p-4 text-xs text-muted-foreground">
              {list.error ? (
                <span role="alert" className="text-destructive">
                  {USERS_TEXT.loadError}
                </span>
              ) : null}
              <span>
                Showing {list.users.length} of {list.matching}
              </span>
              {list.hasMore ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void list.loadMore()}
                  disabled={list.loading}
                >
                  {list.loading ? 'Loading...' : 'Load More'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </Card>
      <EditUserDialog user={editing} saving={saving} onCancel={() => setEditing(null)} onSave={save} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete User"
        confirmLabel="Delete User"
        busy={busyDelete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the account <strong className="text-foreground">{deleting?.email}</strong>? They will no longer
        be able to sign in. Their credit and payment history stays in the ledger. This cannot be undone.
      </ConfirmDialog>
      <AddUserDialog open={addOpen} onClose={() => setAddOpen(false)} />
    </div>
  );
}
