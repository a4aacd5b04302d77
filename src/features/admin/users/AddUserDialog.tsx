import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * Add User: accounts are created by the people who own them (sign-up or Google), so nobody else ever
 * knows their password. The dialog says how to bring someone in and how to make them an admin.
 */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signUpUrl = `${window.location.origin}/`;
  return (
    <Dialog open={open} onClose={onClose} title="Add User" description="People create their own accounts.">
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm leading-relaxed">
        <li>
          Send them the sign-up page: <span className="font-mono break-all text-primary">{signUpUrl}</span>{' '}
          (Sign In → Sign Up, or Continue with Google). Only they choose and know their password.
        </li>
        <li>Their account appears in this list as soon as they sign up; press Refresh.</li>
        <li>
          Use <strong>Edit User</strong> to give them credits or tick <strong>Grant admin privileges</strong>.
        </li>
      </ol>
      <p className="mt-4 rounded-xl bg-muted/60 px-3.5 py-2.5 text-xs text-muted-foreground">
        Operators can also create an administrator from the server:{' '}
        <code className="font-mono">npm run admin:create -- --email … --password …</code>
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(signUpUrl).catch(() => {});
          }}
        >
          Copy link
        </Button>
        <Button variant="neural" onClick={onClose}>
          Got it
        </Button>
      </div>
    </Dialog>
  );
}
