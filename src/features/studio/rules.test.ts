import { describe, expect, it } from 'vitest';
import { decideGenerate, FORMAT_REQUIRED, IMAGE_REQUIRED } from './rules';

const ready = { signedIn: true, imageCount: 1, format: 'glb', credits: 50, free: false, price: 50 };

describe('decideGenerate (SPEC §5 order)', () => {
  it('asks a signed-out visitor to sign in before anything else', () => {
    expect(decideGenerate({ ...ready, signedIn: false, imageCount: 0, format: '', credits: 0 })).toEqual({
      kind: 'sign-in',
    });
  });

  it('requires an image before a format', () => {
    expect(decideGenerate({ ...ready, imageCount: 0, format: '', credits: 0 })).toEqual({
      kind: 'toast',
      title: 'Image Required',
      description: 'Please upload an image before generating a 3D model.',
    });
    expect(IMAGE_REQUIRED.title).toBe('Image Required');
  });

  it('requires a format before checking credits', () => {
    expect(decideGenerate({ ...ready, format: null, credits: 0 })).toEqual({
      kind: 'toast',
      title: 'Format Required',
      description: 'Please select a 3D format.',
    });
    expect(FORMAT_REQUIRED.description).toBe('Please select a 3D format.');
  });

  it('opens Buy Credits below 50 credits and generates at exactly 50', () => {
    expect(decideGenerate({ ...ready, credits: 49 })).toEqual({ kind: 'buy-credits', cost: 50 });
    expect(decideGenerate({ ...ready, credits: 50 })).toEqual({ kind: 'generate', cost: 50 });
  });

  it('checks the whole batch cost up front', () => {
    expect(decideGenerate({ ...ready, imageCount: 3, credits: 149 })).toEqual({
      kind: 'buy-credits',
      cost: 150,
    });
    expect(decideGenerate({ ...ready, imageCount: 3, credits: 150 })).toEqual({
      kind: 'generate',
      cost: 150,
    });
  });

  it('never asks for credits in the free studio, but still needs a sign-in and an image', () => {
    expect(decideGenerate({ ...ready, free: true, credits: 0 })).toEqual({ kind: 'generate', cost: 0 });
    expect(decideGenerate({ ...ready, free: true, signedIn: false }).kind).toBe('sign-in');
    expect(decideGenerate({ ...ready, free: true, imageCount: 0 }).kind).toBe('toast');
  });
});
