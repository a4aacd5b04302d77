/** Words the admin's conversion pages share. */
import type { BadgeVariant } from '../../../components/ui/badge';
import type { AdminStatus } from '../api';

export const STATUS_TEXT: Record<AdminStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STATUS_BADGE: Record<AdminStatus, BadgeVariant> = {
  queued: 'outline',
  processing: 'neural',
  completed: 'success',
  failed: 'destructive',
  cancelled: 'secondary',
};

/** "3D Model · GLB · low poly" */
export function conversionLabel(g: { kind: string; format: string; topology: string }): string {
  return `${g.kind === 'video' ? '3D Preview' : '3D Model'} · ${g.format.toUpperCase()} · ${g.topology === 'high' ? 'high detail' : 'low poly'}`;
}

const BACKEND_TEXT: Record<string, string> = {
  builtin: 'Built-in engine',
  meshy: 'Meshy',
  tripo: 'Tripo',
  fal: 'fal',
};

/** What made the shape, and whether a hosted run fell back to the built-in engine. */
export function backendLabel(backend: string | null, fellBack: boolean): string {
  const name = backend ? (BACKEND_TEXT[backend] ?? backend) : 'Not claimed yet';
  return fellBack ? `${name}, fell back to the built-in engine` : name;
}

/** Seconds between two instants ("12.3 s", "2 min 5 s"); null when either is missing. */
export function secondsBetween(
  from: string | null | undefined,
  to: string | null | undefined,
): number | null {
  if (!from || !to) return null;
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : null;
}
