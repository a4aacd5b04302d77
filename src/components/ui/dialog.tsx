import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CloseIcon } from '../icons';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' } as const;

/** A modal closable by Escape, a click on the backdrop or the close button (Headless UI handles focus). */
export function Dialog({ open, onClose, title, description, children, size = 'md', className }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-[100]">
      <div className="fixed inset-0 bg-black/50 backdrop-blur-sm" aria-hidden="true" />
      {/* The scroller holds a min-h-full box that centres the panel: a panel taller than the screen then
          grows that box and scrolls from its top, where centring the panel in the scroller itself would
          push its title and close button above the screen, out of reach. */}
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
          <DialogPanel
            className={cn(
              'relative w-full rounded-t-3xl border border-border bg-card p-6 text-card-foreground shadow-2xl sm:rounded-3xl sm:p-7',
              widths[size],
              className,
            )}
          >
            <button
              type="button"
              onClick={onClose}
              className="absolute top-4 right-4 grid size-9 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label="Close"
            >
              <CloseIcon className="size-5" />
            </button>
            <DialogTitle className="pr-10 text-xl font-semibold tracking-tight">{title}</DialogTitle>
            {description ? <p className="mt-1.5 text-sm text-muted-foreground">{description}</p> : null}
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
