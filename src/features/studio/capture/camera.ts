/**
 * The phone's rear camera for the guided capture (getUserMedia), and turning a frame or a picked file into
 * the shot's JPEG plus the pixels the browser checks read.
 */
import type { Pixels } from './quality';

const CAMERA_DEFAULTS = {
  /** Asked of the camera; phones give what they have. */
  idealWidth: 1920,
  idealHeight: 1440,
  /** Longer side of the pixels the browser checks read (quality.ts scales again). */
  checkSize: 640,
  jpegQuality: 0.92,
};

/** The rear camera's stream, or null where the browser has no camera access (the file picker then). */
export async function openRearCamera(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: {
        facingMode: { ideal: 'environment' },
        width: { ideal: CAMERA_DEFAULTS.idealWidth },
        height: { ideal: CAMERA_DEFAULTS.idealHeight },
      },
    });
  } catch {
    // Denied, or no camera: the picker's `capture` input still opens the camera app on phones.
    return null;
  }
}

export function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function pixelsOf(source: CanvasImageSource, width: number, height: number): Pixels {
  const scale = Math.min(1, CAMERA_DEFAULTS.checkSize / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot read the photo.');
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { width: data.width, height: data.height, data: data.data };
}

export interface Shot {
  file: File;
  pixels: Pixels;
}

/** The current video frame as a JPEG file and its pixels. */
export async function grabFrame(video: HTMLVideoElement, name: string): Promise<Shot> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error('The camera has not started yet. Please wait a moment.');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(video, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', CAMERA_DEFAULTS.jpegQuality),
  );
  if (!blob) throw new Error('The photo could not be taken. Please try again.');
  return { file: new File([blob], name, { type: 'image/jpeg' }), pixels: pixelsOf(canvas, width, height) };
}

/** A picked photo (the camera app through the `capture` input) and its pixels, upright as EXIF says. */
export async function readPicked(file: File): Promise<Shot> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return { file, pixels: pixelsOf(bitmap, bitmap.width, bitmap.height) };
  } finally {
    bitmap.close();
  }
}
