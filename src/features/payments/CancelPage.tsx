import { Link } from '@tanstack/react-router';
import { CloseIcon } from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';

/** /checkout/cancel: nothing was charged; try again or go back to the studio. */
export function CancelPage() {
  return (
    <div className="grid min-h-[80vh] place-items-center px-4 pt-24 pb-16">
      <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-8 text-center shadow-xl shadow-primary/5">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-muted text-muted-foreground">
          <CloseIcon className="size-8" />
        </span>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight">Payment Cancelled</h1>
        <p className="mt-3 text-muted-foreground">
          Your payment was cancelled and no charges were made. Your credits are unchanged.
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row">
          <Link
            to="/checkout"
            className={buttonVariants({
              variant: 'neural',
              size: 'lg',
              className: 'w-full sm:w-auto sm:flex-1',
            })}
          >
            Try Again
          </Link>
          <Link
            to="/app"
            className={buttonVariants({
              variant: 'outline',
              size: 'lg',
              className: 'w-full sm:w-auto sm:flex-1',
            })}
          >
            Back to App
          </Link>
        </div>
      </div>
    </div>
  );
}
