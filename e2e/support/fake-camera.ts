// A fake camera for the guided-capture tests: Chromium plays a Y4M file as the camera
// (--use-file-for-fake-video-capture). The file is made here with sharp and ffmpeg from a repository sample:
// the object on a plain floor-coloured background, whole and centred, blurred, or pushed past the frame's edge.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from './chromium.ts';

export type CameraScene = 'whole' | 'blurred' | 'cut-off';

const SIZE = { width: 640, height: 480 };

const FLOOR = { r: 214, g: 208, b: 198, alpha: 1 };

/** One frame of the scene as PNG bytes. */
async function frame(sample: Buffer, scene: CameraScene): Promise<Buffer> {
  const { data: object, info } = await sharp(sample)
    .resize(300, 300, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  // Cut off: the object's left third is outside the frame (it starts at the frame's left edge).
  const cut = Math.round(info.width / 3);
  const input =
    scene === 'cut-off'
      ? await sharp(object)
          .extract({ left: cut, top: 0, width: info.width - cut, height: info.height })
          .toBuffer()
      : object;
  const left = scene === 'cut-off' ? 0 : Math.round((SIZE.width - info.width) / 2);
  const top = Math.round((SIZE.height - info.height) / 2);
  const placed = await sharp({ create: { ...SIZE, channels: 4, background: FLOOR } })
    .composite([{ input, left, top }])
    .flatten({ background: FLOOR })
    .png()
    .toBuffer();
  return scene === 'blurred' ? sharp(placed).blur(6).png().toBuffer() : placed;
}

/** A Y4M file of the scene (a few identical frames; Chromium loops it). */
export async function cameraFile(
  baseURL: string,
  scene: CameraScene,
  sampleName = 'demo-1.png',
): Promise<string> {
  const sample = Buffer.from(await (await fetch(`${baseURL}/samples/${sampleName}`)).arrayBuffer());
  const dir = mkdtempSync(join(tmpdir(), 'lift3d-camera-'));
  const png = join(dir, 'frame.png');
  await sharp(await frame(sample, scene)).toFile(png);
  const y4m = join(dir, `${scene}.y4m`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    png,
    '-t',
    '1',
    '-r',
    '5',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
    y4m,
  ]);
  return y4m;
}

/** Chromium whose camera shows `file`, with camera permission granted without a prompt. */
export async function browserWithCamera(file: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}
