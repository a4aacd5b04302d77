import { describe, expect, it } from 'vitest';
import type { Generation } from './generation';
import { downloadableModel, initialStudioState, isBusy, studioReducer } from './state';
import { STUDIO_VARIANTS } from './variants';

function gen(over: Partial<Generation> = {}): Generation {
  return {
    id: 'g1',
    kind: 'model',
    status: 'queued',
    progress: 0,
    stage: null,
    error: null,
    format: 'glb',
    topology: 'low',
    cost: 50,
    createdAt: '2026-11-22T00:00:00Z',
    completedAt: null,
    ...over,
  };
}

const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

describe('studioReducer', () => {
  it('starts with glb and low topology, both jobs Ready', () => {
    const s = initialStudioState(STUDIO_VARIANTS.app);
    expect(s.format).toBe('glb');
    expect(s.topology).toBe('low');
    expect(s.model.status).toBe('idle');
    expect(s.preview.status).toBe('idle');
  });

  it('follows a generation from queued to completed', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app);
    s = studioReducer(s, { type: 'select-files', files: [png('a.png')] });
    s = studioReducer(s, { type: 'job-started', kind: 'model', generation: gen() });
    expect(s.model.status).toBe('processing');
    expect(isBusy(s)).toBe(true);
    s = studioReducer(s, { type: 'job-updated', generation: gen({ status: 'processing', progress: 0.4 }) });
    expect(s.model.generation?.progress).toBe(0.4);
    s = studioReducer(s, { type: 'job-updated', generation: gen({ status: 'completed', progress: 1 }) });
    expect(s.model.status).toBe('completed');
    expect(isBusy(s)).toBe(false);
  });

  it('a failed generation is an error with its reason', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app);
    s = studioReducer(s, { type: 'job-started', kind: 'video', generation: gen({ kind: 'video' }) });
    expect(s.preview.status).toBe('processing');
    expect(s.model.status).toBe('idle');
    s = studioReducer(s, {
      type: 'job-updated',
      generation: gen({ kind: 'video', status: 'failed', error: 'engine: no subject found' }),
    });
    expect(s.preview).toMatchObject({ status: 'error', error: 'engine: no subject found' });
  });

  it('a new image resets both states and hides the viewer, keeping format and topology', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app88);
    s = studioReducer(s, { type: 'set-format', format: 'stl' });
    s = studioReducer(s, { type: 'set-topology', topology: 'high' });
    s = studioReducer(s, { type: 'select-files', files: [png('a.png')] });
    s = studioReducer(s, { type: 'job-started', kind: 'model', generation: gen({ status: 'completed' }) });
    s = studioReducer(s, { type: 'job-failed', kind: 'video', error: 'boom' });
    s = studioReducer(s, { type: 'drop-video', url: 'blob:x', name: 'clip.mp4' });
    s = studioReducer(s, { type: 'select-files', files: [png('b.png')] });
    expect(s.files.map((f) => f.name)).toEqual(['b.png']);
    expect(s.model).toEqual({ status: 'idle', generation: null, error: null });
    expect(s.preview).toEqual({ status: 'idle', generation: null, error: null });
    expect(s.droppedVideo).toBeNull();
    expect(s.format).toBe('stl');
    expect(s.topology).toBe('high');
  });

  it('ignores updates of a job it no longer follows', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app);
    s = studioReducer(s, { type: 'job-started', kind: 'model', generation: gen() });
    s = studioReducer(s, { type: 'select-files', files: [png('new.png')] });
    s = studioReducer(s, { type: 'job-updated', generation: gen({ status: 'completed' }) });
    expect(s.model.status).toBe('idle');
  });

  it('an empty selection changes nothing', () => {
    const s = initialStudioState(STUDIO_VARIANTS.app);
    expect(studioReducer(s, { type: 'select-files', files: [] })).toBe(s);
  });

  it('a dropped video completes the model', () => {
    const s = studioReducer(initialStudioState(STUDIO_VARIANTS.app66), {
      type: 'drop-video',
      url: 'blob:v',
      name: 'v.mp4',
    });
    expect(s.model.status).toBe('completed');
    expect(s.droppedVideo?.name).toBe('v.mp4');
  });

  it('a batch follows its first job in the model panel and tracks the others', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app);
    s = studioReducer(s, { type: 'select-files', files: [png('a.png'), png('b.png')] });
    s = studioReducer(s, { type: 'batch-started', generations: [gen({ id: 'a' }), gen({ id: 'b' })] });
    expect(s.model.generation?.id).toBe('a');
    s = studioReducer(s, { type: 'job-updated', generation: gen({ id: 'b', status: 'completed' }) });
    expect(s.batch[1].status).toBe('completed');
    expect(s.model.status).toBe('processing');
  });

  it('the App99 studio offers no STL and App66 only low topology', () => {
    expect(STUDIO_VARIANTS.app99.formats).not.toContain('stl');
    expect(STUDIO_VARIANTS.app.formats).toEqual(['glb', 'gltf', 'obj', 'fbx', 'stl']);
    expect(STUDIO_VARIANTS.app66.topologies).toEqual(['low']);
  });
});

describe('video progress never goes backwards', () => {
  it('keeps 55% and its stage when a later reading says 0%, then moves on to 85% and completion', () => {
    const video = (over: Partial<Generation>) => gen({ kind: 'video', status: 'processing', ...over });
    let s = studioReducer(initialStudioState(STUDIO_VARIANTS.app), {
      type: 'job-started',
      kind: 'video',
      generation: video({ status: 'queued' }),
    });
    const seen: number[] = [];
    for (const [progress, stage] of [
      [0.55, 'render'],
      [0, 'decode'],
      [0.85, 'encode'],
    ] as const) {
      s = studioReducer(s, { type: 'job-updated', generation: video({ progress, stage }) });
      seen.push(s.preview.generation?.progress ?? -1);
    }
    expect(seen).toEqual([0.55, 0.55, 0.85]);
    s = studioReducer(s, { type: 'job-updated', generation: video({ status: 'completed', progress: 1 }) });
    expect(s.preview.status).toBe('completed');
    // A stale 'processing' answer arriving after completion changes nothing.
    s = studioReducer(s, { type: 'job-updated', generation: video({ progress: 0.9, stage: 'encode' }) });
    expect(s.preview.status).toBe('completed');
  });
});

describe('a video-only job offers its model downloads', () => {
  it('a finished 3D Preview is the downloadable model while no 3D model job is shown', () => {
    let s = initialStudioState(STUDIO_VARIANTS.app);
    s = studioReducer(s, { type: 'select-files', files: [png('a.png')] });
    expect(downloadableModel(s)).toBeNull();
    const video = gen({ id: 'v', kind: 'video', status: 'processing' });
    s = studioReducer(s, { type: 'job-started', kind: 'video', generation: video });
    expect(downloadableModel(s)).toBeNull();
    s = studioReducer(s, { type: 'job-updated', generation: { ...video, status: 'completed', progress: 1 } });
    expect(downloadableModel(s)?.id).toBe('v');
    // A 3D model job of its own takes over (and offers nothing until it finishes).
    const model = gen({ id: 'm', kind: 'model', status: 'processing' });
    s = studioReducer(s, { type: 'job-started', kind: 'model', generation: model });
    expect(downloadableModel(s)).toBeNull();
    s = studioReducer(s, { type: 'job-updated', generation: { ...model, status: 'completed', progress: 1 } });
    expect(downloadableModel(s)?.id).toBe('m');
  });
});
