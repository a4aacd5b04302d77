import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/toaster';
import { adminApi, type NewPack, type PackSummary } from '../api';
import { PlusIcon } from '../icons';
import { PageHeader, StateMessage } from '../PageHeader';
import { PackDialog } from './PackDialog';
import { PackTable } from './PackTable';

const KEY = ['admin', 'credit-packs'] as const;

function failure(title: string, err: unknown) {
  notify(title, { description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
}

/** Credit Packs management, persisted in public.credit_packs (the checkout sells what this table says). */
export function CreditPacksPage() {
  const client = useQueryClient();
  const packs = useQuery({ queryKey: KEY, queryFn: adminApi.packs });
  const [dialog, setDialog] = useState<{ pack: PackSummary | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<PackSummary | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);

  const put = (pack: PackSummary) =>
    client.setQueryData<PackSummary[]>(KEY, (list) => list?.map((p) => (p.id === pack.id ? pack : p)));
  // The public pack list (checkout, landing, Buy Credits) must see the change too.
  const invalidatePublic = () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' });

  async function toggle(pack: PackSummary) {
    setToggling(pack.id);
    try {
      put(await adminApi.updatePack(pack.id, { status: pack.status === 'active' ? 'inactive' : 'active' }));
      void invalidatePublic();
      notify('Status Updated', { variant: 'success' });
    } catch (err) {
      failure('Failed to update the pack status. Please try again.', err);
    } finally {
      setToggling(null);
    }
  }

  async function save(input: NewPack) {
    const editing = dialog?.pack ?? null;
    setSaving(true);
    try {
      if (editing) {
        put(await adminApi.updatePack(editing.id, input));
        notify('Credit Pack Updated', { variant: 'success' });
      } else {
        const created = await adminApi.addPack(input);
        client.setQueryData<PackSummary[]>(KEY, (list) => [...(list ?? []), created]);
        notify('Credit Pack Added', { variant: 'success' });
      }
      void invalidatePublic();
      setDialog(null);
    } catch (err) {
      failure(
        editing
          ? 'Failed to update the pack. Please try again.'
          : 'Failed to add the pack. Please try again.',
        err,
      );
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      await adminApi.deletePack(deleting.id);
      client.setQueryData<PackSummary[]>(KEY, (list) => list?.filter((p) => p.id !== deleting.id));
      void invalidatePublic();
      setDeleting(null);
      notify('Credit Pack Deleted', { variant: 'success' });
    } catch (err) {
      failure('Failed to delete the pack. Please try again.', err);
    } finally {
      setBusyDelete(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Credit Packs"
        description="What the checkout sells. Changes apply to new orders at once; existing orders keep their price."
        actions={
          <Button variant="neural" onClick={() => setDialog({ pack: null })}>
            <PlusIcon />
            Add Credit Pack
          </Button>
        }
      />
      <Card className="overflow-hidden">
        {packs.isPending ? (
          <StateMessage>Loading credit packs...</StateMessage>
        ) : packs.isError ? (
          <StateMessage tone="error">
            Failed to load credit packs. Please try again.
            <Button variant="outline" size="sm" onClick={() => void packs.refetch()}>
              Retry
            </Button>
          </StateMessage>
        ) : packs.data.length === 0 ? (
          <StateMessage>No credit packs yet. Add one to start selling credits.</StateMessage>
        ) : (
          <PackTable
            packs={packs.data}
            toggling={toggling}
            actions={{
              toggle: (p) => void toggle(p),
              edit: (p) => setDialog({ pack: p }),
              remove: setDeleting,
            }}
          />
        )}
      </Card>
      <PackDialog
        open={dialog !== null}
        pack={dialog?.pack ?? null}
        saving={saving}
        onClose={() => setDialog(null)}
        onSave={(input) => void save(input)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Pack"
        confirmLabel="Delete Pack"
        busy={busyDelete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete <strong className="text-foreground">{deleting?.name}</strong>? It is no longer sold; orders
        already made with it keep their history.
      </ConfirmDialog>
    </div>
  );
}
