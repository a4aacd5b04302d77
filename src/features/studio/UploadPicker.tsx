import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { useAuth } from '../auth/context';
import { fileNameFrom, listGenerations } from './api';
import { formatDate } from './format';
import type { Generation } from './generation';
import { CHECKERBOARD, ImageIcon } from './icons';
import { usePhotoUrls } from './PhotoStrip';
import { PHOTO_LABELS, PHOTO_SIDES, type PhotoSide } from './views';

/** Most earlier photos the picker offers (newest first). */
const PICKER_LIMIT = 24;

/**
 * "From your uploads": a button (signed-in users only) that opens the photos of the user's earlier
 * conversions, the only uploads the product keeps; a click hands the chosen photo back as a File, as if it
 * had been dropped.
 */
export function UploadPickerButton({
  label,
  ariaLabel,
  labelClassName,
  title,
  onPick,
  disabled,
  className,
  testId,
}: {
  /** The button's visible text; `ariaLabel` names it when the text is short or hidden on phones. */
  label: string;
  ariaLabel?: string;
  labelClassName?: string;
  title: string;
  onPick: (file: File) => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid={testId}
        aria-label={ariaLabel}
        title={ariaLabel}
        className={cn(
          'inline-flex cursor-pointer items-center gap-1.5 rounded-lg text-xs font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
      >
        <ImageIcon className="size-4 shrink-0" />
        <span className={labelClassName}>{label}</span>
      </button>
      {open ? (
        <UploadPicker
          title={title}
          onClose={() => setOpen(false)}
          onPick={(file) => {
            setOpen(false);
            onPick(file);
          }}
        />
      ) : null}
    </>
  );
}

interface Earlier {
  generation: Generation;
  side: PhotoSide;
}

function UploadPicker({
  title,
  onClose,
  onPick,
}: {
  title: string;
  onClose: () => void;
  onPick: (file: File) => void;
}) {
  const { data, error, isPending } = useQuery({ queryKey: ['generations'], queryFn: listGenerations });
  const [loading, setLoading] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const photos: Earlier[] = (data ?? [])
    .flatMap((generation) =>
      PHOTO_SIDES.filter((side) => generation.photoUrls?.[side]).map((side) => ({ generation, side })),
    )
    .slice(0, PICKER_LIMIT);

  async function pick(item: Earlier, url: string) {
    const key = `${item.generation.id}:${item.side}`;
    setLoading(key);
    setFailed(null);
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`The photo could not be loaded (${res.status}). Please try again.`);
      const blob = await res.blob();
      // The api names it "<upload>-<side>.png". Taken as a main photo it gets the upload's own name back
      // (it names the downloads: chair.png → chair.glb); as a view it keeps its side ("chair-back.png").
      const served = fileNameFrom(res.headers.get('content-disposition')) ?? `photo-${item.side}.png`;
      const name = item.side === 'front' ? served.replace(/-front(\.[a-z0-9]+)$/i, '$1') : served;
      onPick(new File([blob], name, { type: blob.type || 'image/png' }));
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(null);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description="Photos of your earlier conversions, newest first."
      size="xl"
    >
      {isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-muted" />
      ) : error ? (
        <p className="text-sm text-destructive">{error instanceof Error ? error.message : String(error)}</p>
      ) : photos.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="upload-picker-empty">
          No earlier uploads yet. The photos of every conversion you make are kept with its model.
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" data-testid="upload-picker">
          {photos.map((item) => (
            <PickerItem
              key={`${item.generation.id}:${item.side}`}
              item={item}
              busy={loading === `${item.generation.id}:${item.side}`}
              disabled={loading !== null}
              onPick={pick}
            />
          ))}
        </ul>
      )}
      {failed ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {failed}
        </p>
      ) : null}
    </Dialog>
  );
}

function PickerItem({
  item,
  busy,
  disabled,
  onPick,
}: {
  item: Earlier;
  busy: boolean;
  disabled: boolean;
  onPick: (item: Earlier, url: string) => void;
}) {
  const urls = usePhotoUrls(item.generation);
  const url = urls[item.side];
  const label = `${PHOTO_LABELS[item.side]} photo of ${formatDate(item.generation.createdAt)}`;
  return (
    <li>
      <button
        type="button"
        disabled={disabled || !url}
        onClick={() => url && onPick(item, url)}
        aria-label={`Use the ${label}`}
        className={cn(
          'flex w-full cursor-pointer flex-col gap-1 rounded-xl border border-border p-1.5 text-left transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-wait',
          busy && 'border-primary',
        )}
      >
        <span className="grid aspect-square w-full place-items-center overflow-hidden rounded-lg bg-muted">
          {url ? (
            <img
              src={url}
              alt=""
              style={CHECKERBOARD}
              className="h-full w-full object-contain"
              loading="lazy"
            />
          ) : null}
        </span>
        <span className="truncate text-[11px] text-muted-foreground">
          {busy ? 'Loading…' : `${PHOTO_LABELS[item.side]} · ${formatDate(item.generation.createdAt)}`}
        </span>
      </button>
    </li>
  );
}
