import type { ReactNode } from 'react';
import { CheckIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import type { FormStatus } from './timings';

/**
 * The public forms' bot trap: a field people never see or reach (off-screen, out of the tab order, hidden
 * from assistive technology) that form-filling bots complete; the server stores nothing when it is set.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="text"
      name="website"
      tabIndex={-1}
      autoComplete="off"
      aria-hidden="true"
      className="absolute -left-[9999px] h-px w-px opacity-0"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A form's outcome line, announced politely: green with a tick on success, red on error. */
export function StatusLine({
  status,
  align = 'center',
  className,
  children,
}: {
  status: FormStatus;
  /** `start` for a message that may wrap beside a button: the tick stays on the first line. */
  align?: 'center' | 'start';
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-state={status}
      className={cn(
        'flex gap-1.5 text-sm',
        align === 'center' ? 'items-center' : 'items-start',
        className,
        status === 'success' && 'font-medium text-success',
        status === 'error' && 'font-medium text-destructive',
      )}
    >
      {status === 'success' ? (
        <CheckIcon className={cn('size-4 shrink-0', align === 'start' && 'mt-0.5')} />
      ) : null}
      {children}
    </p>
  );
}
