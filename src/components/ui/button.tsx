import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type ButtonVariant =
  | 'default'
  | 'destructive'
  | 'outline'
  | 'secondary'
  | 'ghost'
  | 'link'
  | 'neural'
  | 'glow';
type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 cursor-pointer select-none items-center justify-center gap-2 whitespace-nowrap rounded-xl text-sm font-semibold transition-all duration-200 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-primary-strong text-primary-foreground shadow-sm hover:brightness-110 active:brightness-95',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:brightness-110',
  outline: 'border border-input bg-background/60 text-foreground hover:bg-muted',
  secondary: 'bg-secondary text-secondary-foreground hover:brightness-95 dark:hover:brightness-125',
  ghost: 'text-foreground hover:bg-muted',
  link: 'text-primary underline-offset-4 hover:underline',
  neural:
    'bg-neural text-white shadow-lg shadow-primary/25 hover:shadow-primary/40 hover:brightness-110 active:brightness-95',
  glow: 'border border-primary/40 bg-primary/10 text-foreground shadow-glow hover:bg-primary/15 dark:bg-primary/15 dark:hover:bg-primary/25',
};

const sizes: Record<ButtonSize, string> = {
  default: 'h-10 px-4',
  sm: 'h-8 rounded-lg px-3 text-xs',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Class names for a button look, for links and other elements that must look like a Button. */
export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: ButtonStyle = {}): string {
  return cn(base, variants[variant], variant === 'link' ? 'h-auto px-0' : sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyle;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
