import { useId } from 'react';
import { CheckIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { Honeypot } from '../forms/FormParts';
import type { useWaitlist } from './useWaitlist';

/** The waitlist's single email field, its button and its status line; state lives in `useWaitlist`. */
export function WaitlistForm({
  form,
  autoFocus,
  className,
  tone = 'default',
}: {
  form: ReturnType<typeof useWaitlist>;
  autoFocus?: boolean;
  className?: string;
  /** `onColor` sits on the brand gradient: white field, white button, light status text. */
  tone?: 'default' | 'onColor';
}) {
  const onColor = tone === 'onColor';
  const id = useId();
  const busy = form.status === 'submitting';
  return (
    <form
      className={cn('w-full', className)}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <div className="flex flex-col gap-2.5 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={form.email}
          onChange={(e) => form.setEmail(e.target.value)}
          autoFocus={autoFocus}
          readOnly={busy}
          className={cn(
            'sm:flex-1',
            onColor && 'border-white/50! bg-white! text-slate-900! placeholder:text-slate-500!',
          )}
        />
        <Honeypot value={form.website} onChange={form.setWebsite} />
        <Button
          type="submit"
          variant={onColor ? 'secondary' : 'neural'}
          size="lg"
          disabled={busy}
          className={cn('sm:w-auto', onColor && 'bg-slate-950! text-white! shadow-lg hover:bg-slate-800!')}
        >
          {busy ? 'Joining…' : 'Join Waitlist'}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={cn(
          'mt-2.5 flex min-h-6 w-fit items-center gap-1.5 text-sm',
          form.status === 'success' && (onColor ? 'font-semibold text-white' : 'font-medium text-success'),
          form.status === 'error' &&
            (onColor
              ? 'rounded-lg bg-red-600 px-2.5 py-0.5 font-medium text-white'
              : 'font-medium text-destructive'),
        )}
      >
        {form.status === 'success' ? <CheckIcon className="size-4" /> : null}
        {form.message}
      </p>
    </form>
  );
}
