import { describe, expect, it } from 'vitest';
import { type Generation, isTerminal, videoJobOf } from './generation';
import { downloadableModel, initialStudioState, isBusy, studioReducer } from './state';
import { STUDIO_VARIANTS } from './variants';

function model(over: Partial<Generation> = {}): Generation {
  return {
    id: 'm1',
    kind: 'model',
    status: 'completed',
    progress: 1,
    stage: 'done',
    error: null,
    format: 'glb',
    topology: 'low',
    cost: 50,
    createdAt: '2026-11-27T00:00:00Z',
    completedAt: '2026-11-27T00:01:00Z',
    video: null,
    ...over,
  };
}

const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

describe('the video of a finished model as the 3D Preview job', () => {
  it('reads the video, not the model: rendering, ready, failed with its reason', () => {
    const rendering = videoJobOf(model({ video: { status: 'rendering', progress: 0.3, error: null } }));
    expect(rendering.status).toBe('processing');
    expect([rendering.generation.progress, rendering.generation.stage]).toEqual([0.3, 'video']);
    expect(videoJobOf(model({ video: { status: 'ready', progress: 1, error: null } })).status).toBe(
      'completed',
    );
    const failed = videoJobOf(model({ video: { status: 'failed', progress: 0.1, error: 'No GLB.' } }));
    expect([failed.status, failed.error]).toEqual(['error', 'No GLB.']);
  });

  it('a completed model keeps being polled while its video renders', () => {
    expect(isTerminal(model({ video: { status: 'rendering', progress: 0, error: null } }))).toBe(false);
    expect(isTerminal(model({ video: { status: 'ready', progress: 1, error: null } }))).toBe(true);
    expect(isTerminal(model())).toBe(true);
  });

  it('one model followed as the 3D Model and as the 3D Preview: each slot shows its own state', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app);
    s = studioReducer(s, { type: 'select-files', files: [png('a.png')] });
    s = studioReducer(s, { type: 'job-started', kind: 'model', generation: model() });
    s = studioReducer(s, {
      type: 'job-started',
      kind: 'video',
      generation: model({ video: { status: 'rendering', progress: 0, error: null } }),
    });
    expect([s.model.status, s.preview.status]).toEqual(['completed', 'processing']);
    expect(isBusy(s)).toBe(true);
    // The model stays downloadable while its video renders.
    expect(downloadableModel(s)?.id).toBe('m1');
    s = studioReducer(s, {
      type: 'job-updated',
      generation: model({ video: { status: 'rendering', progress: 0.5, error: null } }),
    });
    expect(s.preview.generation?.progress).toBe(0.5);
    expect(s.model.generation?.progress).toBe(1);
    s = studioReducer(s, {
      type: 'job-updated',
      generation: model({ video: { status: 'ready', progress: 1, error: null } }),
    });
    expect([s.model.status, s.preview.status]).toEqual(['completed', 'completed']);
    expect(isBusy(s)).toBe(false);
  });
});
