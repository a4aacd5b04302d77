/**
 * The guided walk around the object: Front → Right side → Back → Left side, each with what to do and which
 * way to go (the engine expects the camera to turn 90° at a time toward the front photo's right-hand side,
 * at one height and distance: engine/src/multiview/views.ts).
 */
import type { PhotoSide } from '@lift3d/contract';

export interface CaptureStep {
  side: PhotoSide;
  title: string;
  instruction: string;
  /** Which way to walk from the previous shot (null for the first). */
  arrow: 'right' | null;
}

export const CAPTURE_STEPS: readonly CaptureStep[] = [
  {
    side: 'front',
    title: 'Front',
    instruction: 'Face the object. Fit all of it in the frame with a little space around it.',
    arrow: null,
  },
  {
    side: 'right',
    title: 'Right side',
    instruction: 'Walk a quarter turn to your right around it. Keep the same height and distance.',
    arrow: 'right',
  },
  {
    side: 'back',
    title: 'Back',
    instruction: 'Keep walking right until you face its back. Same height, same distance.',
    arrow: 'right',
  },
  {
    side: 'left',
    title: 'Left side',
    instruction: 'One more quarter turn to the right: its left side. Then you are done.',
    arrow: 'right',
  },
];
