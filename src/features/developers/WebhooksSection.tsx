import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { notify } from '../../components/ui/toaster';
import { cn } from '../../lib/cn';
import { publicSettingsQuery } from '../credits/usePublicSettings';
import { DELIVERIES_KEY, DeliveryLog } from './DeliveryLog';
import { getEndpoint, rotateSecret, saveEndpoint, sendTestEvent, type WebhookEndpoint } from './webhooks-api';

const ENDPOINT_KEY = ['webhook-endpoint'] as const;

const WEBHOOK_TEXT = {
  rules: 'https only, on a public address. Answer with 2xx within 10 s.',
  localRules:
    'This server also accepts http and private addresses (a receiver on this machine or network); a production server takes https on a public address only. Answer with 2xx within 10 s.',
} as const;

const failed = (title: string) => (err: unknown) =>
  notify(title, {
    description:
      err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.',
    variant: 'destructive',
  });

function Switch({
  checked,
  onChange,
  id,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  id: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        checked ? 'bg-primary-strong' : 'bg-muted-foreground/30',
      )}
    >
      <span
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

/** The signing secret: hidden until revealed, copied to the clipboard, rotated after a confirmation. */
function SecretRow({
  endpoint,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onRotated: (e: WebhookEndpoint) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: rotateSecret,
    onSuccess: (saved) => {
      onRotated(saved);
      setConfirming(false);
      setRevealed(true);
      notify('Secret Rotated', {
        description: 'Events are now signed with the new secret. Update your receiver.',
        variant: 'success',
      });
    },
    onError: failed('Error'),
  });
  async function copy() {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      notify('Secret Copied', {
        description: 'The signing secret is on your clipboard.',
        variant: 'success',
      });
    } catch {
      setRevealed(true);
      notify('Copy Failed', {
        description: 'Your browser blocked the clipboard; select the secret and copy it.',
        variant: 'destructive',
      });
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-border p-4">
      <p className="text-sm font-medium">Signing secret</p>
      <p className="font-mono text-sm break-all" data-testid="webhook-secret">
        {revealed ? endpoint.secret : `whsec_${'•'.repeat(24)}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setRevealed(!revealed)}>
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        {confirming ? null : (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Rotate
          </Button>
        )}
      </div>
      {confirming ? (
        <div className="mt-1 flex flex-col gap-2 rounded-xl bg-muted/60 p-3 text-sm">
          <p>Rotate the secret? Signatures made with the old one stop verifying at once.</p>
          <div className="flex gap-2">
            <Button
              variant="destructive"
              size="sm"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              Rotate secret
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Every request carries <code className="font-mono">Lift3D-Signature: t=…,v1=…</code>: an HMAC-SHA256 of{' '}
        <code className="font-mono">{'"<t>.<body>"'}</code> with this secret. Refuse timestamps older than 5
        minutes.
      </p>
    </div>
  );
}

/** Developers → Webhooks: the account's endpoint, its secret, a test event and the delivery log. */
export function WebhooksSection() {
  const ids = useId();
  const queryClient = useQueryClient();
  const { data: endpoint, isPending, error } = useQuery({ queryKey: ENDPOINT_KEY, queryFn: getEndpoint });
  // What this server accepts: production takes public https URLs only; the local stack also http and
  // addresses on this machine or network.
  const privateTargets = useQuery({ ...publicSettingsQuery, staleTime: 60_000 }).data?.webhookPrivateTargets;
  const [url, setUrl] = useState('');
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    if (endpoint) {
      setUrl(endpoint.url);
      setEnabled(endpoint.enabled);
    }
  }, [endpoint]);
  const setEndpoint = (saved: WebhookEndpoint) => queryClient.setQueryData(ENDPOINT_KEY, saved);
  const save = useMutation({
    mutationFn: saveEndpoint,
    onSuccess: (saved) => {
      setEndpoint(saved);
      notify('Webhook Saved', {
        description: saved.enabled
          ? 'Events will be sent to this endpoint.'
          : 'The endpoint is saved but switched off.',
        variant: 'success',
      });
    },
    onError: failed('Could Not Save'),
  });
  const test = useMutation({
    mutationFn: sendTestEvent,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
      notify('Test Event Queued', {
        description: 'A ping event is on its way to your endpoint.',
        variant: 'success',
      });
    },
    onError: failed('Could Not Send'),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ url: url.trim(), enabled });
  }

  const dirty = !endpoint || endpoint.url !== url.trim() || endpoint.enabled !== enabled;
  return (
    <Card data-testid="webhooks-section">
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Get a signed POST when a conversion completes or fails:{' '}
          <code className="font-mono">generation.completed</code>,{' '}
          <code className="font-mono">generation.failed</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isPending ? (
          <div className="h-24 animate-pulse rounded-xl bg-muted" />
        ) : error ? (
          <p className="text-sm text-destructive">{error instanceof Error ? error.message : String(error)}</p>
        ) : (
          <>
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${ids}-url`}>Endpoint URL</Label>
                <Input
                  id={`${ids}-url`}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/webhooks/lift3d"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
                <p className="text-xs text-muted-foreground" data-testid="webhook-url-rules">
                  {privateTargets ? WEBHOOK_TEXT.localRules : WEBHOOK_TEXT.rules}
                </p>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex items-center gap-3">
                  <Switch id={`${ids}-enabled`} checked={enabled} onChange={setEnabled} />
                  <Label htmlFor={`${ids}-enabled`}>{enabled ? 'Enabled' : 'Disabled'}</Label>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    disabled={!endpoint?.enabled || dirty || test.isPending}
                    onClick={() => test.mutate()}
                  >
                    Send test event
                  </Button>
                  <Button type="submit" variant="neural" disabled={save.isPending || !dirty || !url.trim()}>
                    {save.isPending ? 'Saving…' : 'Save'}
                  </Button>
                </div>
              </div>
            </form>
            {endpoint ? <SecretRow endpoint={endpoint} onRotated={setEndpoint} /> : null}
            <div className="flex flex-col gap-3">
              <h4 className="font-semibold">Recent deliveries</h4>
              <DeliveryLog enabled={Boolean(endpoint?.enabled)} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
