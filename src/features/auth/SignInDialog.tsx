import { Link } from '@tanstack/react-router';
import { Button, buttonVariants } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * Placeholder until accounts land: says plainly that sign-in is not open yet and offers the studio,
 * which visitors can already explore.
 */
export default function SignInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sign in to Lift3D"
      description="Accounts are opening soon. You can already explore the studio and the sample images."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Link to="/app" onClick={onClose} className={buttonVariants({ variant: 'neural' })}>
          Explore the studio
        </Link>
      </div>
    </Dialog>
  );
}
