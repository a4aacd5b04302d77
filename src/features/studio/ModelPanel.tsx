import { type DragEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { CubeIcon, DownloadIcon, FilmIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { prefersReducedMotion } from '../../lib/reduced-motion';
import { ShareButton } from '../share/ShareDialog';
import { ArButton } from './ArButton';
import { isVideoFile, percent } from './format';
import { STATUS_LABELS, stageLabel } from './generation';
import { useResultUrl } from './hooks';
import { RotateIcon } from './icons';
import type { ViewName } from './ModelViewer';
import type { StudioState } from './state';

// three.js, R3F and drei load with the first finished model, never with the landing page or an idle studio.
const ModelViewer = lazy(() => import('./ModelViewer'));

const VIEW_BUTTONS: Array<[ViewName, string]> = [
  ['front', 'Front'],
  ['side', 'Side'],
  ['back', 'Back'],
  ['top', 'Top'],
];

const badgeVariant = {
  idle: 'outline',
  processing: 'neural',
  completed: 'success',
  error: 'destructive',
  cancelled: 'secondary',
} as const;

function Spinner() {
  return (
    <div className="relative size-20" aria-hidden="true">
      <div className="absolute inset-0 rounded-full border-4 border-primary/15" />
      <div className="absolute inset-0 animate-spin rounded-full border-4 border-transparent border-t-primary [animation-duration:1.1s]" />
      <CubeIcon className="absolute inset-0 m-auto size-8 text-primary" />
    </div>
  );
}

/** The 3D Model panel: progress while a job runs, then the viewer (or the preview video). */
export function ModelPanel({
  state,
  videoDrop,
  onDropVideo,
  onDownloadVideo,
  onCancel,
}: {
  state: StudioState;
  videoDrop: boolean;
  onDropVideo: (file: File) => void;
  onDownloadVideo: () => void;
  /** Stops the running conversion (refunded once); absent where cancelling is not offered. */
  onCancel?: (id: string) => Promise<void>;
}) {
  const model = state.model;
  const preview = state.preview;
  const glb = useResultUrl(model.generation, 'glb');
  const mp4 = useResultUrl(preview.generation, 'mp4');
  const [tab, setTab] = useState<'model' | 'video'>('model');
  const [view, setView] = useState<{ name: ViewName; nonce: number }>({ name: 'front', nonce: 0 });
  // A turntable by default; still where the system asks for reduced motion (the button turns it on).
  const [autoRotate, setAutoRotate] = useState(() => !prefersReducedMotion());
  const [dragging, setDragging] = useState(false);
  // The model last drawn by the viewer (tests and the turntable check wait for it, as on the share page).
  const [drawnUrl, setDrawnUrl] = useState<string | null>(null);
  const onDrawn = useCallback(() => setDrawnUrl(glb.url), [glb.url]);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const hasModel = glb.url !== null;
  const videoUrl = state.droppedVideo?.url ?? mp4.url;
  // Show whatever finished last; both together get a toggle.
  useEffect(() => {
    if (videoUrl && !hasModel) setTab('video');
    else if (hasModel && !videoUrl) setTab('model');
  }, [hasModel, videoUrl]);
  useEffect(() => {
    if (state.droppedVideo) setTab('video');
  }, [state.droppedVideo]);

  const showing = tab === 'video' && videoUrl ? 'video' : hasModel ? 'model' : videoUrl ? 'video' : null;
  const running = model.status === 'processing' ? model : preview.status === 'processing' ? preview : null;
  const ended = (s: string) => s === 'error' || s === 'cancelled';
  const failed = ended(model.status) ? model : ended(preview.status) ? preview : null;
  const headline = state.droppedVideo || model.status !== 'idle' ? model.status : preview.status;

  function onDrop(e: DragEvent) {
    if (!videoDrop) return;
    e.preventDefault();
    setDragging(false);
    const video = Array.from(e.dataTransfer.files).find(isVideoFile);
    if (video) onDropVideo(video);
  }

  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="model-panel">
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3.5">
        <div className="flex items-center gap-2.5">
          <CubeIcon className="size-5 text-primary" />
          <h2 className="font-semibold tracking-tight">3D Model</h2>
        </div>
        <div className="flex items-center gap-2">
          {hasModel && videoUrl ? (
            <div className="flex rounded-lg bg-muted p-0.5 text-xs font-medium">
              {(['model', 'video'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  onClick={() => setTab(t)}
                  aria-pressed={tab === t}
                  className={cn(
                    'cursor-pointer rounded-md px-2.5 py-1',
                    tab === t ? 'bg-card shadow-sm' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {t === 'model' ? 'Model' : 'Video'}
                </button>
              ))}
            </div>
          ) : null}
          {/* Nothing to speak of before a first conversion: no badge rather than a "Ready" that means nothing. */}
          {headline === 'idle' ? null : (
            <Badge variant={badgeVariant[headline]} data-testid="model-panel-status">
              {STATUS_LABELS[headline]}
            </Badge>
          )}
        </div>
      </div>

      <section
        aria-label="3D model viewer"
        onDragOver={(e) => {
          if (!videoDrop) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="model-stage"
        data-showing={showing ?? 'none'}
        className={cn(
          'relative min-h-[340px] flex-1 bg-[radial-gradient(ellipse_at_50%_35%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent_70%)] sm:min-h-[460px] lg:min-h-[560px]',
          dragging && 'ring-4 ring-primary/50 ring-inset',
        )}
      >
        <div className="absolute inset-0 bg-lattice opacity-40" aria-hidden="true" />
        {showing === 'model' && glb.url ? (
          <div
            className="absolute inset-0"
            data-testid="model-viewer"
            data-drawn={drawnUrl === glb.url ? 'true' : 'false'}
          >
            <Suspense
              fallback={
                <div className="grid h-full place-items-center">
                  <Spinner />
                </div>
              }
            >
              <ModelViewer
                url={glb.url}
                view={view.name}
                viewNonce={view.nonce}
                autoRotate={autoRotate}
                onInteract={() => setAutoRotate(false)}
                onLoaded={onDrawn}
              />
            </Suspense>
            <div className="absolute inset-x-0 bottom-3 flex justify-center">
              <div className="flex items-center gap-1 rounded-xl border border-border bg-card/85 p-1 shadow-lg backdrop-blur">
                {VIEW_BUTTONS.map(([name, label]) => (
                  <button
                    key={name}
                    type="button"
                    onClick={() => {
                      setAutoRotate(false);
                      setView((v) => ({ name, nonce: v.nonce + 1 }));
                    }}
                    className="cursor-pointer rounded-lg px-2.5 py-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
                  >
                    {label}
                  </button>
                ))}
                <button
                  type="button"
                  aria-label={autoRotate ? 'Stop turning' : 'Turn the model'}
                  aria-pressed={autoRotate}
                  onClick={() => setAutoRotate((a) => !a)}
                  className={cn(
                    'grid size-7 cursor-pointer place-items-center rounded-lg hover:bg-muted',
                    autoRotate ? 'text-primary' : 'text-muted-foreground',
                  )}
                >
                  <RotateIcon className="size-4" />
                </button>
              </div>
            </div>
          </div>
        ) : showing === 'video' && videoUrl ? (
          <video
            key={videoUrl}
            src={videoUrl}
            muted
            loop
            autoPlay
            playsInline
            controls={false}
            className="absolute inset-0 h-full w-full object-contain"
            data-testid="model-video"
          />
        ) : running?.generation ? (
          <div className="relative flex h-full min-h-[inherit] flex-col items-center justify-center gap-4 p-6 text-center">
            <Spinner />
            <div>
              <p className="font-semibold">
                {running === preview ? 'Rendering your 3D preview' : 'Building your 3D model'}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                {stageLabel(running.generation)} ·{' '}
                <span className="tabular-nums">{percent(running.generation.progress)}%</span>
              </p>
            </div>
            {/* A model's video costs nothing and is not a conversion: there is nothing to cancel or refund. */}
            {onCancel && !(running === preview && running.generation.kind === 'model') ? (
              <Button
                variant="outline"
                size="sm"
                disabled={cancelling === running.generation.id}
                data-testid="cancel-generation"
                onClick={() => {
                  const id = running.generation?.id;
                  if (!id) return;
                  setCancelling(id);
                  void onCancel(id).finally(() => setCancelling(null));
                }}
              >
                {cancelling === running.generation.id ? 'Cancelling…' : 'Cancel'}
              </Button>
            ) : null}
          </div>
        ) : running ? (
          <div className="relative flex h-full min-h-[inherit] items-center justify-center">
            <Spinner />
          </div>
        ) : failed ? (
          <div className="relative flex h-full min-h-[inherit] flex-col items-center justify-center gap-2 p-6 text-center">
            {failed.status === 'cancelled' ? (
              <p className="font-semibold" data-testid="model-panel-outcome">
                Conversion cancelled
              </p>
            ) : (
              <p className="font-semibold text-destructive" data-testid="model-panel-outcome">
                The conversion did not finish
              </p>
            )}
            <p className="max-w-sm text-sm text-muted-foreground">{failed.error}</p>
          </div>
        ) : glb.error || mp4.error ? (
          <div className="relative flex h-full min-h-[inherit] flex-col items-center justify-center gap-3 p-6 text-center">
            <p className="text-sm text-muted-foreground">{(glb.error ?? mp4.error)?.message}</p>
          </div>
        ) : model.status === 'completed' || preview.status === 'completed' ? (
          <div className="relative flex h-full min-h-[inherit] items-center justify-center">
            <Spinner />
          </div>
        ) : (
          <div className="relative flex h-full min-h-[inherit] flex-col items-center justify-center gap-3 p-6 text-center">
            <div className="grid size-20 place-items-center rounded-3xl border border-border bg-card/70 text-primary shadow-sm">
              <CubeIcon className="size-9" />
            </div>
            <p className="font-semibold">Your 3D model will appear here</p>
            <p className="max-w-xs text-sm text-muted-foreground">
              Upload an image and press Generate 3D Model. Orbit with drag, zoom with the wheel or a pinch.
            </p>
            {videoDrop ? (
              <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
                <FilmIcon className="size-4" /> or drop a video file here to play it
              </p>
            ) : null}
          </div>
        )}
      </section>
      {model.status === 'completed' && model.generation?.warnings?.length ? (
        <ul
          className="space-y-0.5 border-t border-border bg-amber-500/10 px-5 py-2.5 text-sm text-amber-800 dark:text-amber-300"
          data-testid="model-warnings"
        >
          {model.generation.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {showing === 'video' && !state.droppedVideo && mp4.url ? (
        <div className="flex items-center justify-between gap-3 border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
          <span>Turntable preview · muted, looped</span>
          <div className="flex shrink-0 items-center gap-1.5">
            {preview.generation?.status === 'completed' ? (
              <ShareButton generationId={preview.generation.id} />
            ) : null}
            <Button variant="ghost" size="sm" onClick={onDownloadVideo} data-testid="download-video">
              <DownloadIcon />
              Download MP4
            </Button>
          </div>
        </div>
      ) : null}
      {showing === 'video' && state.droppedVideo ? (
        <p className="truncate border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
          Playing {state.droppedVideo.name}
        </p>
      ) : null}
      {showing === 'model' ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
          <span className="min-w-48 flex-1">Drag to orbit · scroll or pinch to zoom · right-drag to pan</span>
          <div className="flex shrink-0 items-center gap-1.5">
            <ArButton generation={model.generation} size="sm" />
            {model.generation?.status === 'completed' ? (
              <ShareButton generationId={model.generation.id} />
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setView((v) => ({ name: 'front', nonce: v.nonce + 1 }))}
            >
              Reset view
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
