import { useEffect } from 'react';
import { Toaster as HotToaster, toast, useToasterStore } from 'react-hot-toast';

/** Toast settings (DESIGN §7, SPEC §9): bottom-right, 4 s, at most 3 visible. */
const TOAST_DEFAULTS = { position: 'bottom-right', duration: 4000, maxVisible: 3 } as const;

export function Toaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast has no limit option: dismiss the oldest beyond the cap.
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_DEFAULTS.maxVisible)
      .forEach((t) => {
        toast.dismiss(t.id);
      });
  }, [toasts]);

  return (
    <HotToaster
      position={TOAST_DEFAULTS.position}
      gutter={14}
      toastOptions={{
        duration: TOAST_DEFAULTS.duration,
        className:
          'rounded-2xl! border! border-border! bg-card! text-card-foreground! shadow-xl! text-sm! max-w-[356px]!',
      }}
    />
  );
}

export interface NotifyOptions {
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

/** A toast with a title and optional description, the shape the spec's messages use ('Title' / 'Text'). */
export function notify(title: string, { description, variant = 'default' }: NotifyOptions = {}) {
  const body = (
    <div className="flex flex-col gap-0.5">
      <strong className={variant === 'destructive' ? 'text-destructive' : undefined}>{title}</strong>
      {description ? <span className="text-muted-foreground">{description}</span> : null}
    </div>
  );
  if (variant === 'destructive') return toast.error(body);
  if (variant === 'success') return toast.success(body);
  return toast(body);
}
