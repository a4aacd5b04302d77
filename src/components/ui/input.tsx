import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const field =
  'w-full rounded-xl border border-input bg-background px-3.5 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/20 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive read-only:bg-muted/40';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(field, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-28 py-3 leading-relaxed', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control
  return <label className={cn('text-sm font-medium text-foreground', className)} {...props} />;
}
