import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CheckIcon, CoinsIcon } from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { useAuth } from '../auth/context';
import { useRefreshUser } from './useRefreshUser';

/** How long the success page shows its processing state (SPEC §9). */
export const SUCCESS_DELAY_MS = 2000;

/** /checkout/success: 2 s of 'Processing your payment...', then the toast, thanks and the new balance. */
export function SuccessPage({ credits }: { credits?: number }) {
  const { user } = useAuth();
  const refreshUser = useRefreshUser();
  const [done, setDone] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void refreshUser().finally(() => {
        if (cancelled) return;
        setDone(true);
        notify('Payment Successful!', {
          description: credits
            ? `${credits.toLocaleString('en-US')} credits were added to your account.`
            : undefined,
          variant: 'success',
        });
      });
    }, SUCCESS_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  return (
    <main className="grid min-h-[80vh] place-items-center px-4 pt-24 pb-16">
      <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-8 text-center shadow-xl shadow-primary/5">
        {!done ? (
          <div role="status" className="flex flex-col items-center gap-4 py-8">
            <span
              className="size-12 animate-spin rounded-full border-4 border-primary/25 border-t-primary"
              aria-hidden="true"
            />
            <p className="text-lg font-medium">Processing your payment...</p>
          </div>
        ) : (
          <div className="flex flex-col items-center">
            <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success">
              <CheckIcon className="size-8" />
            </span>
            <h1 className="mt-5 text-3xl font-extrabold tracking-tight">Thank you for your purchase!</h1>
            <p className="mt-3 text-muted-foreground">
              {credits
                ? `${credits.toLocaleString('en-US')} credits have been added to your account. They never expire.`
                : 'Your credits have been added to your account. They never expire.'}
            </p>
            {user ? (
              <p className="mt-5 inline-flex items-center gap-2 rounded-2xl bg-muted/70 px-4 py-2.5 text-sm">
                <CoinsIcon className="size-4 text-primary" />
                New balance:{' '}
                <span className="font-semibold" data-testid="new-balance">
                  {user.credits.toLocaleString('en-US')} credits
                </span>
              </p>
            ) : null}
            <div className="mt-7 flex w-full flex-col gap-3 sm:flex-row">
              <Link
                to="/app"
                className={buttonVariants({
                  variant: 'neural',
                  size: 'lg',
                  className: 'w-full sm:w-auto sm:flex-1',
                })}
              >
                Start Creating
              </Link>
              <Link
                to="/profile"
                className={buttonVariants({
                  variant: 'outline',
                  size: 'lg',
                  className: 'w-full sm:w-auto sm:flex-1',
                })}
              >
                View Profile
              </Link>
            </div>
          </div>
        )}
      </div>
    </main>
  );
}
