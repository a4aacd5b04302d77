import { useQuery } from '@tanstack/react-query';
import { cn } from '../../lib/cn';
import { getConfig } from '../../lib/config';

/**
 * On the local stack mail lands in its own inbox, not in anyone's real mailbox: after "we sent a link",
 * say where to read it. Renders nothing where mail goes out for real (no inbox in /config.json).
 */
export function LocalInboxNote({ className }: { className?: string }) {
  const config = useQuery({ queryKey: ['config'], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });
  const inbox = config.data?.mailInboxUrl;
  if (!inbox) return null;
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      Running locally: the mail is in the{' '}
      <a href={inbox} target="_blank" rel="noopener" className="font-medium text-primary underline">
        local mail inbox
      </a>
      .
    </p>
  );
}
