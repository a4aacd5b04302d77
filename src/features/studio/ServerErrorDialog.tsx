import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * The spec's server-error dialog ('Server Error' / 'Servers are busy! Try again in few hours.' with OK), shown
 * only when a generation failed on our side; when the image itself was the problem it says so instead, in
 * the engine's words (what is wrong and what to do). Either way it says what happened to the credits.
 */
export default function ServerErrorDialog({
  open,
  onClose,
  refunded,
  reason,
  inputProblem,
}: {
  open: boolean;
  onClose: () => void;
  /** Credits given back for the failed job (0 in the free studio). */
  refunded: number;
  reason: string | null;
  /** The engine refused the image: this says why and what to do. */
  inputProblem?: string | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={inputProblem ? 'This image can’t be converted' : 'Server Error'}
      description={inputProblem ?? 'Servers are busy! Try again in few hours.'}
      size="sm"
    >
      <div className="flex flex-col gap-4 text-sm">
        {refunded > 0 ? (
          <p className="rounded-xl bg-success/10 px-3.5 py-2.5 text-success">
            Your {refunded} credits were refunded to your balance.
          </p>
        ) : (
          <p className="text-muted-foreground">No credits were charged for this attempt.</p>
        )}
        {reason && !inputProblem ? (
          <p className="text-xs break-words text-muted-foreground">Details: {reason}</p>
        ) : null}
        <Button variant="neural" onClick={onClose} className="self-end px-8">
          OK
        </Button>
      </div>
    </Dialog>
  );
}
