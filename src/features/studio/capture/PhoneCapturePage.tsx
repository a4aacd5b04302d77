import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CaptureFlow } from './CaptureFlow';
import { sessionByToken } from './shots-api';
import { CAPTURE_STEPS } from './steps';

/**
 * /capture/{token}: the phone side of the desktop's QR code. Not signed in: the token lets this page check
 * shots into that one capture, for its owner, until it ends; each passed shot appears on the desktop.
 */
export function PhoneCapturePage({ token }: { token: string }) {
  const [phase, setPhase] = useState<'intro' | 'camera' | 'done'>('intro');
  const [kept, setKept] = useState(0);
  const session = useQuery({
    queryKey: ['capture-session', token],
    queryFn: () => sessionByToken(token),
    retry: false,
  });

  return (
    <div
      className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-5 py-10"
      data-testid="phone-page"
    >
      <h1 className="text-2xl font-bold tracking-tight">Take the photos</h1>
      {session.isPending ? <p role="status">Opening the capture…</p> : null}
      {session.isError ? (
        <p className="text-destructive" role="alert">
          {session.error instanceof Error ? session.error.message : 'This phone capture has ended.'}
        </p>
      ) : null}
      {session.data && phase === 'intro' ? (
        <>
          <p className="text-muted-foreground">
            Walk around the object and take {CAPTURE_STEPS.length} photos: front, right side, back and left
            side. Each one is checked before it is kept, and appears in the studio on your computer.
          </p>
          <Button className="min-h-12 text-base" onClick={() => setPhase('camera')} data-testid="phone-start">
            Open the camera
          </Button>
        </>
      ) : null}
      {phase === 'done' ? (
        <p className="text-lg" role="status" data-testid="phone-done">
          {kept} photos sent. They are in the studio on your computer: you can close this page.
        </p>
      ) : null}
      {phase === 'camera' ? (
        <CaptureFlow
          token={token}
          onClose={() => setPhase('intro')}
          onDone={(shots) => {
            setKept(shots.length);
            setPhase('done');
          }}
        />
      ) : null}
    </div>
  );
}
