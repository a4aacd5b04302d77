import { PhoneIcon } from '../../components/icons';
import { Dialog } from '../../components/ui/dialog';
import { useWaitlist } from './useWaitlist';
import { WaitlistForm } from './WaitlistForm';

/** The mobile-app waitlist dialog: closes itself 1.2 s after a successful signup. */
export default function WaitlistDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useWaitlist({ onDone: onClose });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        <span className="flex items-center gap-2.5">
          <span className="grid size-9 place-items-center rounded-xl bg-primary/10 text-primary">
            <PhoneIcon className="size-5" />
          </span>
          Join the mobile app waitlist
        </span>
      }
      description="Be the first to scan real objects into 3D with your phone. One email when the app launches — no spam."
    >
      <WaitlistForm form={form} autoFocus />
    </Dialog>
  );
}
