/**
 * The desktop side of the phone hand-off: opens a capture session, gives the link for the QR code, and
 * brings the phone's passed shots into the studio as they arrive (the newest passed shot per side).
 */
import type { PhotoSide } from '@lift3d/contract';
import { useEffect, useRef, useState } from 'react';
import type { CapturedShot } from './CaptureFlow';
import { openSession, type ShotCheck, sessionShots, shotPhoto } from './shots-api';

const CAPTURE_SESSION_DEFAULTS = { pollMs: 1500 };

export interface PhoneSession {
  link: string | null;
  expiresAt: string | null;
  error: string | null;
  /** The passed shots so far, by side, with their photos. */
  shots: CapturedShot[];
}

/** The newest passed check of each side, in walk order. */
export function latestPassed(checks: ShotCheck[]): ShotCheck[] {
  const bySide = new Map<PhotoSide, ShotCheck>();
  for (const c of checks) if (c.status === 'passed') bySide.set(c.side, c);
  return (['front', 'right', 'back', 'left'] as const).flatMap((s) =>
    bySide.has(s) ? [bySide.get(s)!] : [],
  );
}

export function usePhoneSession(open: boolean): PhoneSession {
  const [link, setLink] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shots, setShots] = useState<CapturedShot[]>([]);
  const files = useRef(new Map<string, File>());

  useEffect(() => {
    if (!open) return;
    let alive = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    openSession().then(
      ({ session, token }) => {
        if (!alive) return;
        setLink(`${window.location.origin}/capture/${token}`);
        setExpiresAt(session.expiresAt);
        timer = setInterval(async () => {
          try {
            const passed = latestPassed(await sessionShots(session.id));
            for (const c of passed) {
              if (!files.current.has(c.id)) files.current.set(c.id, await shotPhoto(c.id, c.side));
            }
            if (alive) {
              setShots((old) => {
                const next = passed.map((c) => ({ side: c.side, file: files.current.get(c.id)!, check: c }));
                const same =
                  old.length === next.length && old.every((s, i) => s.check.id === next[i].check.id);
                return same ? old : next;
              });
            }
          } catch (err) {
            if (alive) setError(err instanceof Error ? err.message : 'The phone capture stopped.');
          }
        }, CAPTURE_SESSION_DEFAULTS.pollMs);
      },
      (err: unknown) => {
        if (alive) setError(err instanceof Error ? err.message : 'The phone capture could not start.');
      },
    );
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [open]);

  return { link, expiresAt, error, shots };
}
