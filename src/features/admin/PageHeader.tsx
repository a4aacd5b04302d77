import type { ReactNode } from 'react';

/** Title row of an admin page: heading, one line of context, actions on the right (wrapping on phones). */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** Loading, empty and error lines inside a card or table. */
export function StateMessage({
  children,
  tone = 'muted',
}: {
  children: ReactNode;
  tone?: 'muted' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'flex flex-col items-center gap-3 px-6 py-12 text-center text-sm font-medium text-destructive'
          : 'flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-muted-foreground'
      }
    >
      {children}
    </div>
  );
}
