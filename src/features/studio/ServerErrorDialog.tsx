import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * The spec's server-error dialog ('Server Error' / 'Servers are busy! Try again in few hours.' with OK), shown
 * only when a generation really failed; it says what happened to the credits.
 */
export default function ServerErrorDialog({
  open,
  onClose,
  refunded,
  reason,
}: {
  open: boolean;
  onClose: () => void;
  /** Credits given back for the failed job (0 in the free studio). */
  refunded: number;
  reason: string | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Server Error"
      description="Servers are busy! Try again in few hours."
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
        {reason ? <p className="text-xs break-words text-muted-foreground">Details: {reason}</p> : null}
        <Button variant="neural" onClick={onClose} className="self-end px-8">
          OK
        </Button>
      </div>
    </Dialog>
  );
}
