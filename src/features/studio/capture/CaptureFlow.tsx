import type { PhotoSide } from '@lift3d/contract';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../../lib/cn';
import { grabFrame, openRearCamera, readPicked, type Shot, stopStream } from './camera';
import { readFocalLengths } from './exif';
import { checkShot, outlineOf, type Pixels } from './quality';
import { type ShotCheck, sendShot, waitForShot } from './shots-api';
import { CAPTURE_STEPS } from './steps';

export interface CapturedShot {
  side: PhotoSide;
  file: File;
  check: ShotCheck;
}

type Phase =
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'checking'; url: string }
  | { kind: 'refused'; url: string; message: string; by: 'browser' | 'server' }
  | { kind: 'done' };

/**
 * The guided capture, full screen, for one thumb at 390 px portrait: the rear camera's live image with the
 * step's instruction, an arrow for the walk and the faint outline of the previous shot; a shot is checked
 * in the browser (sharpness, exposure) and by the api (object found, whole, big enough) before it is kept,
 * else its message and "Retake". Where the camera cannot be opened, the file picker's `capture` input
 * opens the phone's camera app instead, with the same checks.
 */
export function CaptureFlow({
  token,
  onDone,
  onClose,
}: {
  /** A phone capture from the desktop's QR code: its shots go to that session. */
  token?: string;
  onDone: (shots: CapturedShot[]) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const outlineRef = useRef<HTMLCanvasElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [noCamera, setNoCamera] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [shots, setShots] = useState<CapturedShot[]>([]);
  const [outline, setOutline] = useState<Pixels | null>(null);
  const step = CAPTURE_STEPS[Math.min(shots.length, CAPTURE_STEPS.length - 1)];

  useEffect(() => {
    let alive = true;
    let opened: MediaStream | null = null;
    openRearCamera().then((s) => {
      opened = s;
      if (!alive) return stopStream(s);
      // With a camera, the shutter waits for the video's first frame (see below): a frame grabbed before
      // it has no size, and a quick thumb would meet "the camera has not started" instead of a photo.
      if (s) setStream(s);
      else {
        setNoCamera(true);
        setPhase({ kind: 'live' });
      }
    });
    return () => {
      alive = false;
      stopStream(opened);
    };
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    const ready = () => {
      if (video.videoWidth > 0 && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        setPhase((p) => (p.kind === 'starting' ? { kind: 'live' } : p));
      }
    };
    video.addEventListener('loadeddata', ready);
    video.addEventListener('resize', ready);
    if (video.srcObject !== stream) {
      video.srcObject = stream;
      void video.play().catch(() => {});
    }
    ready();
    return () => {
      video.removeEventListener('loadeddata', ready);
      video.removeEventListener('resize', ready);
    };
  }, [stream]);

  // The previous shot's outline, drawn once per shot; the live image shows through it.
  useEffect(() => {
    const canvas = outlineRef.current;
    if (!canvas || !outline) return;
    canvas.width = outline.width;
    canvas.height = outline.height;
    const image = new ImageData(new Uint8ClampedArray(outline.data), outline.width, outline.height);
    canvas.getContext('2d')?.putImageData(image, 0, 0);
  }, [outline]);

  async function judge(shot: Shot, focal: number | undefined) {
    const url = URL.createObjectURL(shot.file);
    const local = checkShot(shot.pixels);
    if (local.message) {
      setPhase({ kind: 'refused', url, message: local.message, by: 'browser' });
      return;
    }
    setPhase({ kind: 'checking', url });
    try {
      const sent = await sendShot(shot.file, step.side, focal, token);
      const check = await waitForShot(sent.id, token);
      if (check.status !== 'passed') {
        setPhase({
          kind: 'refused',
          url,
          message: check.message ?? 'The photo could not be used. Please retake it.',
          by: 'server',
        });
        return;
      }
      URL.revokeObjectURL(url);
      const next = [...shots, { side: step.side, file: shot.file, check }];
      setShots(next);
      setOutline(outlineOf(shot.pixels));
      if (next.length === CAPTURE_STEPS.length) {
        setPhase({ kind: 'done' });
        stopStream(stream);
        onDone(next);
      } else setPhase({ kind: 'live' });
    } catch (error) {
      setPhase({
        kind: 'refused',
        url,
        message: error instanceof Error ? error.message : 'The photo could not be sent. Please retake it.',
        by: 'server',
      });
    }
  }

  async function shoot() {
    const video = videoRef.current;
    if (!video || phase.kind !== 'live') return;
    try {
      await judge(await grabFrame(video, `${step.side}.jpg`), undefined);
    } catch (error) {
      setPhase({
        kind: 'refused',
        url: '',
        message: error instanceof Error ? error.message : 'The photo could not be taken.',
        by: 'browser',
      });
    }
  }

  async function picked(file: File | undefined) {
    if (!file) return;
    const focal = (await readFocalLengths([[step.side, file]]))[step.side];
    try {
      await judge(await readPicked(file), focal);
    } catch {
      setPhase({ kind: 'refused', url: '', message: 'This file is not a photo we can read.', by: 'browser' });
    }
  }

  function retake() {
    if (phase.kind === 'refused' && phase.url) URL.revokeObjectURL(phase.url);
    setPhase({ kind: 'live' });
  }

  const shownUrl = phase.kind === 'checking' || phase.kind === 'refused' ? phase.url : '';
  // On the body, above the site's fixed header (z-50), which otherwise covered the step and the close button.
  return createPortal(
    <div
      className="fixed inset-0 z-[100] flex flex-col bg-black text-white"
      data-testid="capture"
      data-step={step.side}
      data-phase={phase.kind}
      role="dialog"
      aria-modal="true"
      aria-label="Take photos"
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-[max(env(safe-area-inset-top),12px)] pb-2">
        <div className="min-w-0">
          <p className="text-xs text-white/70">
            Step {Math.min(shots.length + 1, CAPTURE_STEPS.length)} of {CAPTURE_STEPS.length}
          </p>
          <h2 className="text-lg font-semibold" data-testid="capture-title">
            {step.title}
          </h2>
        </div>
        <button
          type="button"
          onClick={() => {
            stopStream(stream);
            onClose();
          }}
          className="grid size-11 place-items-center rounded-full bg-white/10 text-xl"
          aria-label="Close the camera"
        >
          ×
        </button>
      </div>

      <div className="relative min-h-0 flex-1 overflow-hidden bg-neutral-900">
        {/* The whole frame (contain, not cover): the checks judge the photo's edges, so the user sees them. */}
        {stream ? (
          <video
            ref={videoRef}
            playsInline
            muted
            autoPlay
            className="absolute inset-0 h-full w-full object-contain"
            data-testid="capture-video"
          />
        ) : null}
        {outline && phase.kind === 'live' ? (
          <canvas
            ref={outlineRef}
            data-testid="capture-outline"
            className="pointer-events-none absolute inset-0 h-full w-full object-contain opacity-40"
          />
        ) : null}
        {shownUrl ? (
          <img src={shownUrl} alt="" className="absolute inset-0 h-full w-full object-contain" />
        ) : null}
        <p className="absolute inset-x-3 top-3 rounded-xl bg-black/60 px-3 py-2 text-sm leading-snug">
          {step.instruction}
        </p>
        {step.arrow && phase.kind === 'live' ? (
          <span
            aria-hidden="true"
            data-testid="capture-arrow"
            className="absolute top-1/2 right-3 grid size-14 -translate-y-1/2 animate-pulse place-items-center rounded-full bg-primary/80 text-3xl"
          >
            →
          </span>
        ) : null}
        {phase.kind === 'starting' ? (
          <p className="absolute inset-x-3 bottom-3 rounded-xl bg-black/70 p-3 text-sm" role="status">
            Starting the camera…
          </p>
        ) : null}
        {phase.kind === 'checking' ? (
          <div className="absolute inset-0 grid place-items-center bg-black/40" role="status">
            <span className="flex items-center gap-2 rounded-full bg-black/70 px-4 py-2 text-sm">
              <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
              Checking the photo…
            </span>
          </div>
        ) : null}
        {phase.kind === 'refused' ? (
          <div
            className="absolute inset-x-3 bottom-3 rounded-2xl border border-red-400 bg-black/80 p-4"
            role="alert"
            data-testid="capture-refused"
            data-by={phase.by}
          >
            <p className="text-sm leading-snug">{phase.message}</p>
          </div>
        ) : null}
        {noCamera && phase.kind === 'live' ? (
          <p className="absolute inset-x-3 bottom-3 rounded-xl bg-black/70 p-3 text-sm">
            The camera could not be opened here. Tap the button to take the photo with your camera app.
          </p>
        ) : null}
      </div>

      <div className="flex items-center justify-between gap-3 px-4 pt-3 pb-[max(env(safe-area-inset-bottom),16px)]">
        <div className="flex w-24 gap-1" role="img" aria-label={`${shots.length} photos kept`}>
          {CAPTURE_STEPS.map((s, i) => (
            <span
              key={s.side}
              className={cn('h-1.5 flex-1 rounded-full', i < shots.length ? 'bg-primary' : 'bg-white/25')}
            />
          ))}
        </div>
        {phase.kind === 'refused' ? (
          <button
            type="button"
            onClick={retake}
            className="min-h-14 rounded-full bg-white px-8 text-base font-semibold text-black"
          >
            Retake
          </button>
        ) : noCamera ? (
          <label className="grid min-h-14 cursor-pointer place-items-center rounded-full bg-white px-6 text-base font-semibold text-black">
            Take the {step.title.toLowerCase()} photo
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              data-testid="capture-file"
              onChange={(e) => void picked(e.target.files?.[0])}
            />
          </label>
        ) : (
          <button
            type="button"
            onClick={() => void shoot()}
            disabled={phase.kind !== 'live'}
            aria-label={`Take the ${step.title.toLowerCase()} photo`}
            data-testid="capture-shutter"
            className="size-20 rounded-full border-4 border-white bg-white/20 transition active:scale-95 disabled:opacity-40"
          />
        )}
        <div className="w-24 text-right">
          {shots.length > 0 && phase.kind !== 'done' ? (
            <button
              type="button"
              onClick={() => {
                stopStream(stream);
                onDone(shots);
              }}
              className="min-h-11 text-sm text-white/80 underline"
            >
              Done with {shots.length}
            </button>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
