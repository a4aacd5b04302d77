import { expect, test } from 'vitest';
import { latestPassed } from '../capture/useCaptureSession';
import { previewQuotaText, previewSourceText } from './ShapePreviewPanel';

test('the limits are stated with the numbers the server gave', () => {
  expect(
    previewQuotaText({
      limit: 10,
      used: 3,
      remaining: 7,
      networkLimit: 30,
      networkRemaining: 20,
      keepMinutes: 60,
      backend: 'default',
    }),
  ).toBe('7 of 10 free previews left today (30 a day per network).');
  expect(previewQuotaText(null)).toMatch(/per account and per network/);
});

test('with a hosted backend the preview says it is the built-in engine', () => {
  expect(previewSourceText('meshy')).toBe(
    "This preview is the built-in engine's quick shape; your paid model is made by Meshy.",
  );
  expect(previewSourceText('builtin')).toMatch(/same engine as the paid conversion/);
  expect(previewSourceText('default')).toMatch(/same engine/);
});

test('the desktop takes the newest passed shot of each side, in walk order', () => {
  const shot = (id: string, side: 'front' | 'right' | 'back' | 'left', status: 'passed' | 'refused') => ({
    id,
    side,
    status,
    problem: null,
    message: null,
    focalLength35mm: null,
    box: null,
    createdAt: '',
  });
  const got = latestPassed([
    shot('b1', 'back', 'passed'),
    shot('f1', 'front', 'refused'),
    shot('f2', 'front', 'passed'),
    shot('b2', 'back', 'passed'),
    shot('r1', 'right', 'refused'),
  ]);
  expect(got.map((s) => s.id)).toEqual(['f2', 'b2']);
});
