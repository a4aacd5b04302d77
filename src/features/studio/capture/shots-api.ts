/**
 * The api side of a shot: upload it for its segmentation check (signed in, or through a phone capture's
 * token from the desktop's QR code) and wait for the answer; the desktop's session calls.
 */
import type { PhotoSide } from '@lift3d/contract';
import { ApiError, api } from '../../../lib/api';

export interface ShotCheck {
  id: string;
  side: PhotoSide;
  status: 'queued' | 'processing' | 'passed' | 'refused' | 'failed';
  problem: string | null;
  message: string | null;
  focalLength35mm: number | null;
  box: number[] | null;
  createdAt: string;
}

const SHOTS_DEFAULTS = {
  pollMs: 400,
  /** No worker has taken the check this long: the phone stops waiting and asks for a retake. */
  queuedGiveUpMs: 90_000,
  /**
   * A check the worker is on is waited for: the worker's own limit (WORKER_SHOT_CHECK_TIMEOUT_SECONDS) ends
   * it with an answer, so a busy server does not drop a shot it is still checking. This only guards against
   * a worker that died holding it.
   */
  giveUpMs: 15 * 60_000,
};

const base = (token?: string) => (token ? `/captures/by-token/${encodeURIComponent(token)}` : '/captures');

export async function sendShot(
  file: File,
  side: PhotoSide,
  focal: number | undefined,
  token?: string,
): Promise<ShotCheck> {
  const form = new FormData();
  form.append('image', file, file.name);
  form.set('side', side);
  if (focal) form.set('focal', String(focal));
  // The phone is not signed in: the token in the path is its only credential.
  const res = await api.raw(
    `${base(token)}/shots`,
    { method: 'POST', body: form, headers: { Accept: 'application/json' } },
    { anonymous: Boolean(token) },
  );
  return ((await res.json()) as { shot: ShotCheck }).shot;
}

/** Polls a check until the worker answered. */
export async function waitForShot(id: string, token?: string): Promise<ShotCheck> {
  const started = Date.now();
  for (;;) {
    const { shot } = await api.get<{ shot: ShotCheck }>(`${base(token)}/shots/${encodeURIComponent(id)}`, {
      anonymous: Boolean(token),
    });
    if (shot.status !== 'queued' && shot.status !== 'processing') return shot;
    const waited = Date.now() - started;
    const limit = shot.status === 'queued' ? SHOTS_DEFAULTS.queuedGiveUpMs : SHOTS_DEFAULTS.giveUpMs;
    if (waited >= limit) break;
    await new Promise((r) => setTimeout(r, SHOTS_DEFAULTS.pollMs));
  }
  throw new ApiError('The photo check is taking too long. Please retake it.', 0, null);
}

export async function shotPhoto(id: string, side: PhotoSide): Promise<File> {
  const res = await api.raw(`/captures/shots/${encodeURIComponent(id)}/photo`, { method: 'GET' });
  const blob = await res.blob();
  return new File([blob], `${side}.jpg`, { type: blob.type || 'image/jpeg' });
}

export interface CaptureSession {
  id: string;
  expiresAt: string;
}

export async function openSession(): Promise<{ session: CaptureSession; token: string }> {
  return api.post<{ session: CaptureSession; token: string }>('/captures/sessions', {});
}

export async function sessionShots(id: string): Promise<ShotCheck[]> {
  const data = await api.get<{ shots: ShotCheck[] }>(`/captures/sessions/${encodeURIComponent(id)}`);
  return data.shots;
}

export async function sessionByToken(token: string): Promise<CaptureSession> {
  const data = await api.get<{ session: CaptureSession }>(`/captures/by-token/${encodeURIComponent(token)}`, {
    anonymous: true,
  });
  return data.session;
}
