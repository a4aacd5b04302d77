import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SparklesIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { randomId } from '../../lib/uuid';
import { useAuth } from '../auth/context';
import { costText, useGenerationCost } from '../credits/usePublicSettings';
import {
  cancelGeneration,
  createGenerations,
  type DownloadFormat,
  defaultFileName,
  downloadGeneration,
  getGeneration,
  requestModelVideo,
  saveBlob,
} from './api';
import { BatchList } from './BatchList';
import { CaptureEntry } from './capture/CaptureEntry';
import { classifyFailure, INPUT_REFUSED_STATUSES } from './failure';
import { stem } from './format';
import { formatList } from './formatList';
import { FREE_QUOTA_FALLBACK, useFreeQuota } from './free-quota';
import { GeneratePanel } from './GeneratePanel';
import { type Generation, isTerminal } from './generation';
import { GenerationPoller } from './hooks';
import { GridIcon } from './icons';
import { ModelPanel } from './ModelPanel';
import { followedFrom, forgetFollowed, readFollowed, saveFollowed } from './resume';
import { decideGenerate } from './rules';
import { loadSample, SampleGrid } from './SampleGrid';
import { ShapePreviewPanel } from './shape-preview/ShapePreviewPanel';
import { usePreviewFlow } from './shape-preview/usePreviewFlow';
import { useShapePreview } from './shape-preview/useShapePreview';
import { downloadableModel, initialStudioState, isBusy, studioReducer } from './state';
import { UploadPanel } from './UploadPanel';
import type { GenerationKind, StudioVariant } from './variants';
import { type ViewFiles, viewsToSend } from './views';

const BuyCreditsDialog = lazy(() => import('../credits/BuyCreditsDialog'));
const ServerErrorDialog = lazy(() => import('./ServerErrorDialog'));

/** Offset for the smooth scroll to the samples when the header cannot be measured (SPEC §2). */
const HEADER_OFFSET_FALLBACK = 96;

const FAILED_TO_START: Record<GenerationKind, string> = {
  model: 'Failed to generate 3D model. Please try again.',
  video: 'Failed to generate video. Please try again.',
};

/** The studio (SPEC §2 "Studio"), configured per variant: /app, /app66, /app88, /app99. */
export function Studio({ variant }: { variant: StudioVariant }) {
  const { user, openSignIn, refreshUser } = useAuth();
  const generationCost = useGenerationCost();
  const [state, dispatch] = useReducer(studioReducer, variant, initialStudioState);
  const [buyCredits, setBuyCredits] = useState<'closed' | 'open' | 'mounted'>('closed');
  const [serverError, setServerError] = useState<{
    refunded: number;
    reason: string | null;
    inputProblem: string | null;
  } | null>(null);
  const [downloading, setDownloading] = useState<DownloadFormat | null>(null);
  const [views, setViews] = useState<ViewFiles>({});
  const submitting = useRef(false);
  const announced = useRef(new Set<string>());
  /** Models whose turntable video this page asked for and has not announced yet. */
  const videosAsked = useRef(new Set<string>());
  const samplesRef = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();
  const freeQuota = useFreeQuota(variant.serverFree, user?.id ?? null);
  const quota = freeQuota.data ?? FREE_QUOTA_FALLBACK;
  // A free job that starts uses a try; one that fails gives it back.
  const shapePreview = useShapePreview(!variant.serverFree, user?.id ?? null);
  const previewFlow = usePreviewFlow({
    shapePreview,
    files: state.files,
    views,
    setViews,
    format: state.format,
    topology: state.topology,
    signedIn: user !== null,
    credits: user?.credits ?? 0,
    price: generationCost,
    openSignIn,
    onBuyCredits: () => setBuyCredits('open'),
    onSelectFront: (file) => dispatch({ type: 'select-files', files: [file] }),
    onStarted: (generation) => dispatch({ type: 'job-started', kind: 'model', generation }),
    refreshUser,
  });
  const refreshQuota = useCallback(() => {
    if (variant.serverFree) void queryClient.invalidateQueries({ queryKey: ['free-quota'] });
  }, [queryClient, variant.serverFree]);

  // Show the signed-in user's last result of this studio again (a reload, a later visit), and pick up a
  // job still running. Until that was read, nothing is saved: the empty first render must not overwrite it.
  const restoredFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per signed-in user and variant
  useEffect(() => {
    if (!user) return;
    const userId = user.id;
    restoredFor.current = userId;
    const followed = readFollowed(variant.id, userId);
    for (const [kind, id] of [
      ['model', followed.model],
      ['video', followed.preview],
    ] as const) {
      if (!id) continue;
      getGeneration(id).then(
        (generation) => {
          // A job that ended before the reload was already announced: no second toast or dialog.
          if (isTerminal(generation)) announced.current.add(generation.id);
          dispatch({ type: 'job-started', kind, generation });
        },
        // Only a job that is gone is forgotten; a failed request (offline, busy) keeps it for next time.
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) forgetFollowed(variant.id, userId, id);
        },
      );
    }
  }, [user?.id, variant.id]);
  useEffect(() => {
    if (!user || restoredFor.current !== user.id) return;
    saveFollowed(variant.id, user.id, followedFrom(state.model.generation, state.preview.generation));
  }, [user, variant.id, state.model.generation, state.preview.generation]);

  // The cached balance may be stale (a purchase, another tab): the credit check needs the current one.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  const onUpdate = useCallback(
    (g: Generation) => {
      dispatch({ type: 'job-updated', generation: g });
      if (g.video && g.video.status !== 'rendering' && videosAsked.current.delete(g.id)) {
        if (g.video.status === 'ready')
          notify('Video ready', {
            description: 'Your model’s turntable video is ready.',
            variant: 'success',
          });
        else
          notify('Video not made', {
            description: g.video.error ?? 'The video could not be made. Nothing was charged.',
            variant: 'destructive',
          });
      }
      if ((g.status !== 'completed' && g.status !== 'failed') || announced.current.has(g.id)) return;
      announced.current.add(g.id);
      if (g.status === 'completed' && g.kind === 'model') {
        notify('3D Model Generated', {
          description: 'Your 3D model has been generated successfully!',
          variant: 'success',
        });
      }
      // On phones the viewer sits below the controls: bring the finished result into view.
      if (g.status === 'completed' && window.matchMedia('(max-width: 1023px)').matches) {
        document.getElementById('studio-result')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
      if (g.status === 'failed') {
        const failure = classifyFailure(g.error);
        if (failure.kind === 'cancelled') notify('Conversion cancelled', { description: failure.message });
        else
          setServerError({
            refunded: g.cost,
            reason: g.error,
            inputProblem: failure.kind === 'input' ? failure.message : null,
          });
        void refreshUser(); // the refund changed the balance
        refreshQuota();
      }
    },
    [refreshUser, refreshQuota],
  );

  async function cancel(id: string) {
    try {
      onUpdate(await cancelGeneration(id));
    } catch (error) {
      // 409: it finished meanwhile; the poller brings the result.
      notify('Could not cancel', {
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  /** 3D Preview of a model that already exists: its video from the stored model, no new conversion, free. */
  async function makeVideo(model: Generation) {
    if (submitting.current) return;
    submitting.current = true;
    try {
      const generation = await requestModelVideo(model.id);
      if (generation.video?.status === 'rendering') videosAsked.current.add(generation.id);
      // The model's poller had stopped (it was finished): new data makes it poll the render.
      queryClient.setQueryData(['generation', generation.id], generation);
      dispatch({ type: 'job-started', kind: 'video', generation });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : FAILED_TO_START.video;
      notify('Error', { description: message, variant: 'destructive' });
      dispatch({ type: 'job-failed', kind: 'video', error: message });
    } finally {
      submitting.current = false;
    }
  }

  async function start(kind: GenerationKind) {
    if (submitting.current) return;
    const finished = state.model.status === 'completed' ? state.model.generation : null;
    if (kind === 'video' && finished) return makeVideo(finished);
    const files = kind === 'model' && variant.batch ? state.files : state.files.slice(0, 1);
    // Only the free studio's 3D models are free; its 3D Preview videos are paid like everywhere else.
    const free = variant.serverFree && kind === 'model';
    const decision = decideGenerate({
      signedIn: user !== null,
      imageCount: files.length,
      format: state.format,
      credits: user?.credits ?? 0,
      free,
      price: generationCost,
    });
    if (decision.kind === 'sign-in') return openSignIn();
    if (decision.kind === 'toast')
      return void notify(decision.title, { description: decision.description, variant: 'destructive' });
    if (decision.kind === 'buy-credits') return setBuyCredits('open');

    submitting.current = true;
    try {
      const created = await createGenerations({
        images: files.map((f) => ({ blob: f, fileName: f.name })),
        format: state.format,
        topology: state.topology,
        kind,
        // One key per click: a retried or doubled request is the same job and one charge.
        idempotencyKey: randomId(),
        free,
        // The free endpoint makes single-view models only; a batch selection (even for one video) has no views.
        views: free ? [] : viewsToSend(views, state.files.length),
      });
      if (created.length > 1) dispatch({ type: 'batch-started', generations: created });
      else if (created[0]) dispatch({ type: 'job-started', kind, generation: created[0] });
      void refreshUser();
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) {
        setBuyCredits('open');
      } else {
        const message = err instanceof Error && err.message ? err.message : FAILED_TO_START[kind];
        // The api refused the image itself (nothing was charged): name it as the image's problem.
        const refused = err instanceof ApiError && INPUT_REFUSED_STATUSES.has(err.status);
        notify(refused ? 'Image not accepted' : 'Error', { description: message, variant: 'destructive' });
        if (!(err instanceof ApiError && err.status === 429))
          dispatch({ type: 'job-failed', kind, error: message });
      }
      void refreshUser();
    } finally {
      if (free) refreshQuota();
      submitting.current = false;
    }
  }

  async function download(format: DownloadFormat) {
    const g = format === 'mp4' ? state.preview.generation : downloadableModel(state);
    if (!g) return;
    setDownloading(format);
    try {
      const file = await downloadGeneration(g.id, format);
      saveBlob(file.blob, file.fileName ?? defaultFileName(stem(state.files[0]?.name ?? 'model'), format));
    } catch (err) {
      notify('Error', {
        description: err instanceof Error ? err.message : 'The download failed. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  }

  async function pickSample(sample: Parameters<typeof loadSample>[0]) {
    try {
      const file = await loadSample(sample);
      if (state.files.length > 0) setViews({});
      shapePreview.reset();
      dispatch({ type: 'select-files', files: [file] });
      // Back up to the panels, where the picked image now shows.
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      notify('Error', {
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    }
  }

  function scrollToSamples() {
    const el = samplesRef.current;
    if (!el) return;
    const header = document.querySelector('header');
    const offset =
      header instanceof HTMLElement && header.offsetHeight > 0 ? header.offsetHeight : HEADER_OFFSET_FALLBACK;
    window.scrollTo({
      top: el.getBoundingClientRect().top + window.scrollY - offset - 16,
      behavior: 'smooth',
    });
  }

  const busy = isBusy(state);
  const generateDisabled = busy || (user !== null && state.files.length === 0);
  const followed = [state.model.generation, state.preview.generation, ...state.batch].filter(
    (g, i, all): g is Generation => g !== null && all.findIndex((o) => o?.id === g.id) === i,
  );

  return (
    <div className="relative isolate px-4 pt-24 pb-16 sm:px-6 lg:px-8">
      <div className="absolute inset-x-0 top-0 -z-10 h-80 bg-lattice opacity-50 [mask-image:linear-gradient(to_bottom,black,transparent)]" />
      <div className="mx-auto max-w-7xl" id="studio-top">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-primary uppercase">
              <SparklesIcon className="size-3.5" /> Image to 3D
            </p>
            <h1 className="mt-1.5 text-3xl font-bold tracking-tight sm:text-4xl">{variant.title}</h1>
            <p className="mt-2 max-w-2xl text-sm text-muted-foreground sm:text-base">
              {variant.free
                ? `Free on App66: up to ${quota.limit} conversions per visitor per day, low topology.`
                : `One image in, a textured 3D model out: ${formatList(variant.formats)} for ${costText(generationCost)} credits.`}
            </p>
          </div>
          <Button variant="outline" onClick={scrollToSamples} className="self-start sm:self-auto">
            <GridIcon />
            Try Sample 2D Images
          </Button>
        </div>

        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,420px)_minmax(0,1fr)]">
          <div className="flex flex-col gap-6">
            <UploadPanel
              files={state.files}
              multiple={variant.batch}
              onSelect={(files) => {
                // Another main photo is another object: the sides of the previous one no longer apply.
                if (state.files.length > 0) setViews({});
                shapePreview.reset();
                dispatch({ type: 'select-files', files });
              }}
              views={variant.serverFree ? undefined : views}
              onView={(view, file) => {
                shapePreview.reset();
                setViews((v) => ({ ...v, [view]: file ?? undefined }));
              }}
              extra={
                variant.serverFree ? null : (
                  <CaptureEntry
                    signedIn={user !== null}
                    onSignIn={openSignIn}
                    onShots={previewFlow.takeShots}
                  />
                )
              }
            />
            {variant.serverFree ? null : (
              <ShapePreviewPanel
                shape={shapePreview}
                canStart={state.files.length === 1 && !busy}
                price={generationCost}
                onStart={() => void previewFlow.start()}
                onConvert={() => void previewFlow.convert()}
                converting={previewFlow.converting || busy}
              />
            )}
            <GeneratePanel
              variant={variant}
              state={state}
              credits={user ? user.credits : null}
              freeQuota={variant.serverFree ? quota : null}
              generateDisabled={generateDisabled}
              onFormat={(format) => dispatch({ type: 'set-format', format })}
              onTopology={(topology) => dispatch({ type: 'set-topology', topology })}
              onGenerate={() => void start('model')}
              onPreview={() => void start('video')}
              downloading={downloading}
              onDownload={(f) => void download(f)}
            />
          </div>
          <div id="studio-result" className="scroll-mt-20 lg:sticky lg:top-24 lg:self-start">
            <ModelPanel
              state={state}
              videoDrop={variant.videoDrop}
              onDownloadVideo={() => void download('mp4')}
              onCancel={cancel}
              onDropVideo={(file) =>
                dispatch({ type: 'drop-video', url: URL.createObjectURL(file), name: file.name })
              }
            />
            {state.batch.length > 1 ? <BatchList batch={state.batch} files={state.files} /> : null}
          </div>
        </div>

        <SampleGrid ref={samplesRef} selectedName={state.files[0]?.name ?? null} onPick={pickSample} />
      </div>

      {followed.map((g) => (
        <GenerationPoller key={g.id} generation={g} onUpdate={onUpdate} />
      ))}
      <Suspense fallback={null}>
        {buyCredits !== 'closed' ? (
          <BuyCreditsDialog open={buyCredits === 'open'} onClose={() => setBuyCredits('mounted')} />
        ) : null}
        {serverError ? (
          <ServerErrorDialog
            open
            onClose={() => setServerError(null)}
            refunded={serverError.refunded}
            reason={serverError.reason}
            inputProblem={serverError.inputProblem}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
