import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CubeIcon, DownloadIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dropdown, DropdownItem } from '../../components/ui/menu';
import { notify } from '../../components/ui/toaster';
import { ShareButton } from '../share/ShareDialog';
import { ArButton } from './ArButton';
import {
  apiUrl,
  type DownloadFormat,
  defaultFileName,
  deleteGeneration,
  downloadGeneration,
  fetchThumbnail,
  listGenerations,
  saveBlob,
} from './api';
import { downloadLabel } from './downloadLabel';
import { extraFormatsOf } from './extra-formats';
import { formatDate, percent } from './format';
import { type Generation, isTerminal, jobStatusOf, STATUS_LABELS } from './generation';
import { useObjectUrl } from './hooks';
import { TrashIcon } from './icons';
import { PhotoStrip } from './PhotoStrip';
import { VideoAction } from './VideoAction';
import { ALL_FORMATS, FORMAT_LABELS } from './variants';
import { viewsSummary } from './views';

const badgeVariant = {
  idle: 'outline',
  processing: 'neural',
  completed: 'success',
  error: 'destructive',
  cancelled: 'secondary',
} as const;

/** A thumbnail: the signed link when the API gave one, else fetched with the token. */
function Thumbnail({ generation }: { generation: Generation }) {
  const [src, setSrc] = useState<string | null>(null);
  const [blob, setBlob] = useState<Blob | null>(null);
  const blobUrl = useObjectUrl(blob);
  const done = generation.status === 'completed';
  useEffect(() => {
    let live = true;
    if (!done) return;
    if (generation.thumbnailUrl) {
      void apiUrl(generation.thumbnailUrl).then((u) => live && setSrc(u));
    } else {
      fetchThumbnail(generation.id).then(
        (b) => live && setBlob(b),
        () => {}, // no thumbnail: the placeholder stays (the client already logged why)
      );
    }
    return () => {
      live = false;
    };
  }, [done, generation.id, generation.thumbnailUrl]);
  const url = src ?? blobUrl;
  return (
    <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-border bg-muted sm:size-20">
      {url ? (
        <img src={url} alt="" className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <CubeIcon className="size-7 text-muted-foreground" />
      )}
    </div>
  );
}

/**
 * "My models" (DESIGN §8): every generation of the signed-in user with its thumbnail, date and status; a
 * finished one downloads in any format (and its turntable MP4, made on request at no charge) at no extra charge; delete removes it from
 * the history. Rendered as a tab of the profile page.
 */
export function MyModels() {
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['generations'],
    queryFn: listGenerations,
    // Keep polling while something is still converting.
    refetchInterval: (q) => (q.state.data?.some((g) => !isTerminal(g)) ? 2000 : false),
  });
  const remove = useMutation({
    mutationFn: deleteGeneration,
    onSuccess: (_, id) => {
      setDeleting(null);
      queryClient.setQueryData<Generation[]>(['generations'], (list) => list?.filter((g) => g.id !== id));
      notify('Model Deleted', {
        description: 'The model was removed from your history.',
        variant: 'success',
      });
    },
    onError: (err) =>
      notify('Error', {
        description: err instanceof Error ? err.message : 'Failed to delete the model. Please try again.',
        variant: 'destructive',
      }),
  });

  async function download(g: Generation, format: DownloadFormat) {
    setDownloading(`${g.id}:${format}`);
    try {
      const file = await downloadGeneration(g.id, format);
      saveBlob(file.blob, file.fileName ?? defaultFileName(`lift3d-${g.id.slice(0, 8)}`, format));
    } catch (err) {
      notify('Error', {
        description: err instanceof Error ? err.message : 'The download failed. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  }

  if (isPending) {
    return (
      <Card className="p-6" data-testid="my-models">
        <div className="h-20 animate-pulse rounded-xl bg-muted" />
      </Card>
    );
  }
  if (error) {
    return (
      <Card className="flex flex-col items-start gap-3 p-6" data-testid="my-models">
        <p className="text-sm text-destructive">{error instanceof Error ? error.message : String(error)}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  if (data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center" data-testid="my-models">
        <CubeIcon className="size-10 text-primary" />
        <p className="font-semibold">No models yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Everything you convert in the studio lands here, ready to download again in any format.
        </p>
        <Link to="/app" className={buttonVariants({ variant: 'neural' })}>
          Open the studio
        </Link>
      </Card>
    );
  }

  return (
    <Card className="divide-y divide-border" data-testid="my-models">
      {data.map((g) => {
        const status = jobStatusOf(g);
        const formats: DownloadFormat[] = [
          ...ALL_FORMATS,
          ...extraFormatsOf(g),
          ...(g.video?.status === 'ready' ? (['mp4'] as const) : []),
        ];
        return (
          <div
            key={g.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4"
            data-testid="my-model"
          >
            {/* Phones: the actions go under the model, so its details and photos keep the width. */}
            <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center">
              <Thumbnail generation={g} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {g.kind === 'video' ? '3D Preview' : '3D Model'} · {FORMAT_LABELS[g.format] ?? g.format}
                  </span>
                  <Badge variant={badgeVariant[status]}>
                    {STATUS_LABELS[status]}
                    {status === 'processing' ? ` ${percent(g.progress)}%` : ''}
                  </Badge>
                  {viewsSummary(g.views) ? (
                    <span
                      // A badge that may wrap: "4 views: front, right side, back, left side" is wider than a phone's column.
                      className="inline-flex rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold"
                      data-testid="my-model-views"
                    >
                      {viewsSummary(g.views)}
                    </span>
                  ) : null}
                </div>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {formatDate(g.createdAt)} · {g.topology === 'high' ? 'High detail' : 'Low poly'}
                  {g.cost > 0 && status !== 'cancelled' ? ` · ${g.cost} credits` : ''}
                </p>
                {g.views?.length ? <PhotoStrip generation={g} className="mt-2" /> : null}
                {status === 'completed' ? <ArButton generation={g} size="sm" className="mt-2" /> : null}
                <VideoAction generation={g} className="mt-2" />
                {status === 'completed' && g.warnings?.length ? (
                  <ul
                    className="mt-1 text-xs text-amber-700 dark:text-amber-400"
                    data-testid="my-model-warnings"
                  >
                    {g.warnings.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                ) : null}
                {status === 'error' && g.error ? (
                  <p className="mt-1 text-xs text-destructive">
                    {g.error}
                    {g.cost > 0 && !/refunded/i.test(g.error) ? ' Credits were refunded.' : ''}
                  </p>
                ) : null}
                {status === 'cancelled' ? (
                  <p className="mt-1 text-xs text-muted-foreground" data-testid="my-model-cancelled">
                    {g.error}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex shrink-0 items-center justify-end gap-1.5">
              {status === 'completed' ? <ShareButton generationId={g.id} compact /> : null}
              {status === 'completed' ? (
                <Dropdown
                  triggerLabel="Download"
                  triggerClassName={buttonVariants({ variant: 'outline', size: 'sm' })}
                  trigger={
                    <>
                      <DownloadIcon />
                      <span className="hidden sm:inline">
                        {downloading?.startsWith(g.id) ? 'Preparing…' : 'Download'}
                      </span>
                    </>
                  }
                  className="min-w-44"
                >
                  {formats.map((f) => (
                    <DropdownItem key={f} onClick={() => void download(g, f)}>
                      <DownloadIcon />
                      {downloadLabel(f)}
                    </DropdownItem>
                  ))}
                </Dropdown>
              ) : null}
              <Button
                variant="ghost"
                size="icon"
                aria-label="Delete model"
                disabled={remove.isPending || status === 'processing'}
                onClick={() => setDeleting(g.id)}
              >
                <TrashIcon />
              </Button>
            </div>
          </div>
        );
      })}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this model?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        The model and its files are deleted. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
