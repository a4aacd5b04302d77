import { lazy, Suspense, useCallback, useState } from 'react';
import { CubeIcon } from '../../../components/icons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { costText } from '../../credits/usePublicSettings';
import { StepHeading } from '../StepHeading';
import type { PreviewQuota } from './api';
import type { ShapePreview } from './useShapePreview';

const ModelViewer = lazy(() => import('../ModelViewer'));

const HOSTED: Record<string, string> = { meshy: 'Meshy', tripo: 'Tripo', fal: 'fal.ai' };

/** "7 of 10 free previews left today (30 a day per network)". */
export function previewQuotaText(quota: PreviewQuota | null): string {
  if (!quota) return 'A few free previews a day per account and per network.';
  return `${quota.remaining} of ${quota.limit} free previews left today (${quota.networkLimit} a day per network).`;
}

/** What the preview is, said plainly: the built-in engine's quick shape, whichever backend the studio uses. */
export function previewSourceText(backend: string | undefined): string {
  const hosted = backend ? HOSTED[backend] : undefined;
  return hosted
    ? `This preview is the built-in engine's quick shape; your paid model is made by ${hosted}.`
    : 'The same engine as the paid conversion, on a coarser grid and without the texture.';
}

/**
 * The free shape preview: one tap after the photos are chosen, the model's untextured shape spinning in the
 * viewer within seconds, not downloadable, then the paid conversion from the same uploaded photos.
 */
export function ShapePreviewPanel({
  shape,
  canStart,
  price,
  onStart,
  onConvert,
  converting,
}: {
  shape: ShapePreview;
  /** A single object's photos are chosen and the user is signed in. */
  canStart: boolean;
  price: number | null;
  onStart: () => void;
  onConvert: () => void;
  converting: boolean;
}) {
  const { preview, shapeUrl, starting, error, quota } = shape;
  const [drawn, setDrawn] = useState<string | null>(null);
  const onLoaded = useCallback(() => setDrawn(shapeUrl), [shapeUrl]);
  const making = starting || preview?.status === 'queued' || preview?.status === 'processing';
  const state = error
    ? 'error'
    : preview?.status === 'failed'
      ? 'failed'
      : preview?.status === 'converted'
        ? 'converted'
        : shapeUrl && drawn === shapeUrl
          ? 'spinning'
          : making || preview?.status === 'completed'
            ? 'making'
            : 'idle';
  const soldOut = quota !== null && (quota.remaining <= 0 || quota.networkRemaining <= 0);

  return (
    <Card className="p-5 sm:p-6" data-testid="shape-preview" data-state={state}>
      <div className="flex items-start justify-between gap-3">
        <StepHeading step="✓" title="Free preview" hint="See the shape from every side before paying." />
        <Badge variant="secondary">Preview</Badge>
      </div>

      {shapeUrl && preview?.status === 'completed' ? (
        <div className="relative mt-4 aspect-[4/3] overflow-hidden rounded-xl border border-border bg-muted/40">
          <span className="absolute top-2 left-2 z-10 rounded-md bg-foreground/80 px-2 py-0.5 text-xs font-semibold text-background">
            Preview · untextured
          </span>
          <Suspense fallback={null}>
            <ModelViewer url={shapeUrl} onLoaded={onLoaded} />
          </Suspense>
        </div>
      ) : making ? (
        <div
          className="mt-4 grid aspect-[4/3] place-items-center rounded-xl border border-dashed border-border text-sm text-muted-foreground"
          role="status"
        >
          <span className="flex items-center gap-2">
            <span className="size-4 animate-spin rounded-full border-2 border-primary border-t-transparent" />
            Making the quick shape…
          </span>
        </div>
      ) : null}

      <div className="mt-3 space-y-1 text-xs text-muted-foreground">
        {preview?.status === 'completed' ? (
          <>
            <p>{previewSourceText(quota?.backend)}</p>
            <p>Not downloadable: the paid conversion makes the textured model and every file.</p>
          </>
        ) : null}
        {preview?.status === 'failed' ? <p className="text-destructive">{preview.error}</p> : null}
        {error ? <p className="text-destructive">{error}</p> : null}
        {preview?.status === 'converted' ? (
          <p>Converting these photos: follow the progress in the result panel.</p>
        ) : null}
        <p data-testid="preview-quota">{previewQuotaText(quota)}</p>
        {quota ? <p>Each preview is kept {quota.keepMinutes} minutes, or until you convert it.</p> : null}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        {preview?.status === 'completed' || preview?.status === 'failed' ? (
          <Button onClick={onConvert} disabled={converting} className="min-h-11">
            <CubeIcon />
            Convert for {costText(price)} credits
          </Button>
        ) : null}
        {preview?.status !== 'converted' ? (
          <Button
            variant={preview ? 'outline' : 'default'}
            onClick={onStart}
            disabled={!canStart || making || soldOut}
            className="min-h-11"
          >
            {preview ? 'Preview again' : 'Show free preview'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
