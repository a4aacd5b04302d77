/**
 * The studio's side of the free preview and the guided capture: starting the preview from the chosen
 * photos (or from the capture's stored shots, which are not sent again), taking the capture's shots as the
 * studio's photos, and the one-click paid conversion from the preview.
 */
import type { ModelFormat, Topology } from '@lift3d/contract';
import { useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import type { CapturedShot } from '../capture/CaptureFlow';
import { readFocalLengths } from '../capture/exif';
import type { Generation } from '../generation';
import { decideGenerate } from '../rules';
import { type ViewFiles, viewsToSend } from '../views';
import { convertPreview } from './api';
import type { ShapePreview } from './useShapePreview';

export interface PreviewFlowOptions {
  shapePreview: ShapePreview;
  files: File[];
  views: ViewFiles;
  setViews: (views: ViewFiles) => void;
  format: ModelFormat | null;
  topology: Topology;
  signedIn: boolean;
  credits: number;
  price: number | null;
  openSignIn: () => void;
  onBuyCredits: () => void;
  onSelectFront: (file: File) => void;
  onStarted: (generation: Generation) => void;
  refreshUser: () => Promise<unknown>;
}

/** The capture's shots still shown in the studio: each side's file and its check's id. */
type Captured = Partial<Record<'front' | 'right' | 'back' | 'left', { file: File; id: string }>>;

export function usePreviewFlow(o: PreviewFlowOptions) {
  const [converting, setConverting] = useState(false);
  const [captured, setCaptured] = useState<Captured>({});

  /** The guided capture's shots become the studio's photos; the preview starts once all are taken. */
  function takeShots(shots: CapturedShot[], done: boolean) {
    const front = shots.find((s) => s.side === 'front');
    if (!front) return;
    const next: ViewFiles = {};
    const kept: Captured = {};
    for (const s of shots) {
      if (s.side !== 'front') next[s.side] = s.file;
      kept[s.side] = { file: s.file, id: s.check.id };
    }
    o.shapePreview.reset();
    o.setViews(next);
    setCaptured(kept);
    o.onSelectFront(front.file);
    if (done) void o.shapePreview.start({ shots: shotIds(kept, front.file, next)! });
  }

  /** The free shape preview of the chosen photos (one object: the first file and its views). */
  async function start() {
    if (!o.signedIn) return o.openSignIn();
    const front = o.files[0];
    if (!front) return;
    // Captured shots are on the server already: the preview names them instead of sending them again.
    const shots = shotIds(captured, front, o.views);
    if (shots) return o.shapePreview.start({ shots });
    const sent = viewsToSend(o.views, 1);
    await o.shapePreview.start({
      front,
      views: sent,
      focal: await readFocalLengths([['front', front], ...sent]),
    });
  }

  /** The paid conversion from the preview's stored photos: one click, no second upload. */
  async function convert() {
    const id = o.shapePreview.preview?.id;
    if (!id || converting) return;
    const decision = decideGenerate({
      signedIn: o.signedIn,
      imageCount: 1,
      format: o.format,
      credits: o.credits,
      free: false,
      price: o.price,
    });
    if (decision.kind === 'sign-in') return o.openSignIn();
    if (decision.kind === 'toast')
      return void notify(decision.title, { description: decision.description, variant: 'destructive' });
    if (decision.kind === 'buy-credits') return o.onBuyCredits();
    if (!o.format) return;
    setConverting(true);
    try {
      const generation = await convertPreview(id, {
        format: o.format,
        topology: o.topology,
        kind: 'model',
        name: o.files[0]?.name ?? 'model',
      });
      o.shapePreview.markConverted(generation.id);
      o.onStarted(generation);
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) o.onBuyCredits();
      else
        notify('Error', {
          description: err instanceof Error ? err.message : 'Failed to generate 3D model. Please try again.',
          variant: 'destructive',
        });
    } finally {
      setConverting(false);
      void o.refreshUser();
    }
  }

  return { takeShots, start, convert, converting };
}

/** The shot ids of the photos shown, when every one of them is a captured shot (else null: send the files). */
function shotIds(captured: Captured, front: File, views: ViewFiles) {
  if (captured.front?.file !== front) return null;
  const ids: { front: string; right?: string; back?: string; left?: string } = { front: captured.front.id };
  for (const side of ['right', 'back', 'left'] as const) {
    const file = views[side];
    if (!file) continue;
    if (captured[side]?.file !== file) return null;
    ids[side] = captured[side].id;
  }
  return ids;
}
