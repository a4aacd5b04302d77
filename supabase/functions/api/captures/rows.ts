/** Shot checks and capture sessions as the studio and the phone see them (never storage keys). */

export interface ShotCheckRow {
  id: string;
  user_id: string;
  side: 'front' | 'right' | 'back' | 'left';
  input_key: string;
  input_type: string;
  input_bytes: number;
  focal_length_35mm: string | number | null;
  status: 'queued' | 'processing' | 'passed' | 'refused' | 'failed';
  problem: string | null;
  message: string | null;
  report: { box?: number[] | null; share?: number } | null;
  session_id: string | null;
  created_at: Date | string;
}

export function shotJson(row: ShotCheckRow) {
  return {
    id: row.id,
    side: row.side,
    status: row.status,
    problem: row.problem,
    message: row.message,
    focalLength35mm: row.focal_length_35mm === null ? null : Number(row.focal_length_35mm),
    // Where the object sits in the shot (shares of the frame), for the next shot's outline.
    box: row.report?.box ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const SIDES = ['front', 'right', 'back', 'left'] as const;
export type Side = (typeof SIDES)[number];

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

export async function hashToken(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** 32 random bytes, base64url: the only copy is in the QR code. */
export function newToken(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
