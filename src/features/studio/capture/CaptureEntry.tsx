import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type CapturedShot, CaptureFlow } from './CaptureFlow';
import { PhoneQr } from './PhoneQr';
import { CAPTURE_STEPS } from './steps';
import { usePhoneSession } from './useCaptureSession';

/** Phones and tablets take the photos here; a desktop hands the capture to the phone by QR code. */
function isPhone(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(pointer: coarse) and (max-width: 1023px)').matches
  );
}

/**
 * "Take photos": the guided capture on a phone; on a desktop, a QR code that opens the capture on the
 * user's phone, signed in to this account for that capture only, with the photos appearing here as they
 * pass (or this computer's own camera).
 */
export function CaptureEntry({
  signedIn,
  onSignIn,
  onShots,
}: {
  signedIn: boolean;
  onSignIn: () => void;
  /** The kept shots, front first; called again as a phone's shots arrive. */
  onShots: (shots: CapturedShot[], done: boolean) => void;
}) {
  const [mode, setMode] = useState<'closed' | 'camera' | 'phone'>('closed');
  return (
    <>
      <Button
        variant="outline"
        className="mt-3 h-auto min-h-11 w-full py-2"
        data-testid="take-photos"
        onClick={() => {
          if (!signedIn) return onSignIn();
          setMode(isPhone() ? 'camera' : 'phone');
        }}
      >
        {/* Wraps on a narrow phone instead of widening the card: buttons do not wrap by default. */}
        <span className="whitespace-normal">Take photos (Front → Right → Back → Left)</span>
      </Button>
      {mode === 'camera' ? (
        <CaptureFlow
          onClose={() => setMode('closed')}
          onDone={(shots) => {
            setMode('closed');
            onShots(shots, true);
          }}
        />
      ) : null}
      {mode === 'phone' ? (
        <PhoneDialog
          onClose={() => setMode('closed')}
          onCamera={() => setMode('camera')}
          onShots={(shots, done) => {
            onShots(shots, done);
            if (done) setMode('closed');
          }}
        />
      ) : null}
    </>
  );
}

function PhoneDialog({
  onClose,
  onCamera,
  onShots,
}: {
  onClose: () => void;
  onCamera: () => void;
  onShots: (shots: CapturedShot[], done: boolean) => void;
}) {
  const session = usePhoneSession(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new set of shots (the hook keeps its identity)
  useEffect(() => {
    if (session.shots.length) onShots(session.shots, session.shots.length === CAPTURE_STEPS.length);
  }, [session.shots]);
  return (
    <Dialog open onClose={onClose} title="Take the photos with your phone">
      <div className="flex flex-col items-center gap-3 text-center" data-testid="phone-capture">
        <p className="text-sm text-muted-foreground">
          Scan this code with your phone's camera. It opens the guided capture for this account only (for 20
          minutes); each photo appears here once it passes its check.
        </p>
        {session.link ? (
          <>
            <PhoneQr text={session.link} />
            <a
              href={session.link}
              className="max-w-full truncate text-xs text-muted-foreground underline"
              data-testid="phone-capture-link"
              target="_blank"
              rel="noreferrer"
            >
              {session.link}
            </a>
          </>
        ) : (
          <p role="status">Preparing the code…</p>
        )}
        {session.error ? <p className="text-sm text-destructive">{session.error}</p> : null}
        <p className="text-sm" data-testid="phone-capture-count" role="status">
          {session.shots.length} of {CAPTURE_STEPS.length} photos received
        </p>
        <Button variant="ghost" onClick={onCamera}>
          Use this computer's camera instead
        </Button>
      </div>
    </Dialog>
  );
}
