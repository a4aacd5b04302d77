import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import type { NewPack, PackSummary } from '../api';
import { parsePriceCents } from '../format';

const EMPTY = { name: '', credits: '', price: '', externalProductId: '', popular: false };

/** Add Credit Pack / Edit Pack: Name, Credits, Price (€), external product ID, Mark as Popular. */
export function PackDialog({
  open,
  pack,
  saving,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The pack being edited; null adds a new one. */
  pack: PackSummary | null;
  saving: boolean;
  onClose: () => void;
  onSave: (input: NewPack) => void;
}) {
  const ids = useId();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setForm(
      pack
        ? {
            name: pack.name,
            credits: String(pack.credits),
            price: (pack.priceCents / 100).toFixed(2),
            externalProductId: pack.externalProductId ?? '',
            popular: pack.popular,
          }
        : EMPTY,
    );
  }, [open, pack]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const credits = Number.parseInt(form.credits, 10);
    const priceCents = parsePriceCents(form.price);
    if (!form.name.trim()) return setError('Please enter a name.');
    if (!Number.isFinite(credits) || credits < 1 || String(credits) !== form.credits.trim())
      return setError('Credits must be a whole number of 1 or more.');
    if (priceCents === null) return setError('Price must be an amount above 0, like 19.99.');
    onSave({
      name: form.name.trim(),
      credits,
      priceCents,
      externalProductId: form.externalProductId.trim() || null,
      popular: form.popular,
    });
  }

  const field = (key: 'name' | 'credits' | 'price' | 'externalProductId') => ({
    id: `${ids}-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      setError(null);
    },
  });

  return (
    <Dialog
      open={open}
      onClose={saving ? () => {} : onClose}
      title={pack ? 'Edit Credit Pack' : 'Add Credit Pack'}
      description={
        pack ? `Id ${pack.id} (used in /checkout?pack=${pack.id})` : 'New packs are active at once.'
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-name`}>Name</Label>
          <Input {...field('name')} placeholder="e.g. Studio" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-credits`}>Credits</Label>
            <Input
              {...field('credits')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="12000"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-price`}>Price (€)</Label>
            <Input {...field('price')} inputMode="decimal" placeholder="20.00" />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-externalProductId`}>External product ID</Label>
          <Input {...field('externalProductId')} placeholder="lift3d-credits-studio" />
        </div>
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3.5 py-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary-strong)]"
            checked={form.popular}
            onChange={(e) => setForm((f) => ({ ...f, popular: e.target.checked }))}
          />
          Mark as Popular
        </label>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="neural" disabled={saving}>
            {saving ? 'Saving...' : pack ? 'Save Changes' : 'Add Pack'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
