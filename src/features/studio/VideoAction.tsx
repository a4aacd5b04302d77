import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FilmIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { cn } from '../../lib/cn';
import { requestModelVideo } from './api';
import { percent } from './format';
import type { Generation } from './generation';

/**
 * A finished model's turntable video in My models: made on request from the stored model (no new
 * conversion, no credits), then its state as the server reports it: rendering with its progress, ready
 * (the MP4 is in the model's downloads), or failed with the reason and a way to try again.
 */
export function VideoAction({ generation, className }: { generation: Generation; className?: string }) {
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: () => requestModelVideo(generation.id),
    onSuccess: (updated) =>
      queryClient.setQueryData<Generation[]>(['generations'], (list) =>
        list?.map((g) => (g.id === updated.id ? updated : g)),
      ),
    onError: (err) =>
      notify('Error', {
        description: err instanceof Error ? err.message : 'The video could not be started. Please try again.',
        variant: 'destructive',
      }),
  });
  if (generation.status !== 'completed') return null;
  const video = generation.video ?? null;
  const status = video?.status ?? 'none';
  return (
    <div
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-xs', className)}
      data-testid="my-model-video"
      data-status={status}
    >
      {status === 'ready' ? (
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <FilmIcon className="size-3.5 text-success" /> Turntable video ready (MP4 in Download)
        </span>
      ) : status === 'rendering' ? (
        <span className="flex items-center gap-1.5 text-muted-foreground" role="status">
          <FilmIcon className="size-3.5 animate-pulse text-primary" /> Rendering the turntable video ·{' '}
          <span className="tabular-nums">{percent(video?.progress ?? 0)}%</span>
        </span>
      ) : (
        <>
          {status === 'failed' ? (
            <span className="text-destructive" data-testid="my-model-video-error">
              {video?.error ?? 'The video could not be made.'}
            </span>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={ask.isPending}
            onClick={() => ask.mutate()}
            data-testid="make-video"
          >
            <FilmIcon />
            {status === 'failed' ? 'Try the video again' : 'Make turntable video'}
          </Button>
          <span className="text-muted-foreground">Included with the model, no credits.</span>
        </>
      )}
    </div>
  );
}
