import { useEffect, useId, useState } from 'react';
import { CheckIcon, GlobeIcon } from '../../components/icons';
import { Button, buttonVariants } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { createShare, getShare, type Share, setShareDownloads, shareUrl, stopSharing } from './api';

const message = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/**
 * The owner's share switch of one finished model: make a public link (/m/{slug}), copy it, allow or stop
 * downloads, stop sharing. Every answer comes from the api, so the dialog shows what visitors get.
 */
function ShareDialog({
  generationId,
  open,
  onClose,
}: {
  generationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [share, setShare] = useState<Share | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const switchId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded(false);
    setError(null);
    setCopied(false);
    getShare(generationId).then(
      (s) => {
        if (!live) return;
        setShare(s);
        setLoaded(true);
      },
      (e) => {
        if (!live) return;
        setError(message(e));
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [open, generationId]);

  async function run(action: () => Promise<Share | null>) {
    setBusy(true);
    setError(null);
    try {
      setShare(await action());
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  const url = share ? shareUrl(share) : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share this model"
      description="Anyone with the link sees the model, its video and an AR view on phones — nothing else of your account."
    >
      <div className="flex flex-col gap-4" data-testid="share-dialog">
        {!loaded ? (
          <div className="h-11 animate-pulse rounded-xl bg-muted" />
        ) : share && url ? (
          <>
            <div className="flex gap-2">
              <Input
                readOnly
                value={url}
                aria-label="Share link"
                data-testid="share-link"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="outline"
                className="h-11"
                data-testid="share-copy"
                onClick={() => {
                  navigator.clipboard?.writeText(url).then(
                    () => setCopied(true),
                    () => setError('Copying was not allowed here. Select the link and copy it yourself.'),
                  );
                }}
              >
                {copied ? <CheckIcon /> : null}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <div className="flex items-center justify-between gap-4 rounded-xl border border-border p-3.5">
              <div>
                <label htmlFor={switchId} className="text-sm font-medium">
                  Allow downloads
                </label>
                <p className="text-xs text-muted-foreground">
                  Visitors may download every format and the video.
                </p>
              </div>
              <button
                id={switchId}
                type="button"
                role="switch"
                aria-checked={share.allowDownloads}
                disabled={busy}
                data-testid="share-downloads"
                onClick={() => void run(() => setShareDownloads(generationId, !share.allowDownloads))}
                className={cn(
                  'relative h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors disabled:opacity-60',
                  share.allowDownloads ? 'bg-primary-strong' : 'bg-muted-foreground/30',
                )}
              >
                <span
                  className={cn(
                    'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
                    share.allowDownloads && 'translate-x-5',
                  )}
                />
              </button>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <a
                href={url}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: 'link', className: 'px-0' })}
              >
                Open the page
              </a>
              <Button
                variant="destructive"
                disabled={busy}
                data-testid="share-stop"
                onClick={() =>
                  void run(async () => {
                    await stopSharing(generationId);
                    return null;
                  })
                }
              >
                Stop sharing
              </Button>
            </div>
          </>
        ) : (
          <Button
            variant="neural"
            disabled={busy}
            data-testid="share-create"
            onClick={() => void run(() => createShare(generationId))}
          >
            <GlobeIcon />
            {busy ? 'Creating…' : 'Create public link'}
          </Button>
        )}
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

/** "Share" next to a finished model (studio result, My models). */
export function ShareButton({
  generationId,
  size = 'sm',
  compact = false,
  className,
}: {
  generationId: string;
  size?: 'sm' | 'default';
  /** Icon only on phones (crowded rows). */
  compact?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        data-testid="share-button"
        aria-label="Share"
        onClick={() => setOpen(true)}
      >
        <GlobeIcon />
        <span className={compact ? 'hidden sm:inline' : undefined}>Share</span>
      </Button>
      <ShareDialog generationId={generationId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
