import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { notify } from '../../components/ui/toaster';
import { formatLongDate } from '../profile/format';
import { type ApiKey, createApiKey, listApiKeys, MAX_ACTIVE_KEYS, revokeApiKey } from './keys-api';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The secret of a key just made: shown once, with a copy button; it cannot be shown again. */
function NewKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify('Copy failed', { description: 'Select the key and copy it yourself.', variant: 'destructive' });
    }
  }
  return (
    <div className="rounded-2xl border border-primary/40 bg-primary/5 p-4" data-testid="new-api-key">
      <p className="font-medium">Copy your new key now. You will not be able to see it again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={secret}
          aria-label="New API key"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="neural" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function KeyRow({ apiKey, onRevoke, busy }: { apiKey: ApiKey; onRevoke: () => void; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border p-4">
      <div className="min-w-0">
        <p className="truncate font-medium">{apiKey.name}</p>
        <p className="font-mono text-xs text-muted-foreground">{apiKey.prefix}_…</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Created {formatLongDate(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${formatLongDate(apiKey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      {confirming ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={busy}>
            Keep
          </Button>
          <Button variant="destructive" size="sm" onClick={onRevoke} disabled={busy}>
            Revoke key
          </Button>
        </div>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Profile → Developers: create API keys for /api/v1 (secret shown once), see them, revoke them. */
export function ApiKeysSection() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['api-keys'], queryFn: listApiKeys });
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (made) => {
      setSecret(made.secret);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (err) =>
      notify('Could not create the key', { description: errorText(err), variant: 'destructive' }),
  });
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      notify('Key revoked', { description: 'Requests with it are refused from now on.', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (err) =>
      notify('Could not revoke the key', { description: errorText(err), variant: 'destructive' }),
  });
  const active = (data ?? []).filter((k) => !k.revokedAt);
  const full = active.length >= MAX_ACTIVE_KEYS;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  }

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Convert images from scripts and other apps with your credits. Send a key as{' '}
          <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {secret && <NewKey secret={secret} onDone={() => setSecret(null)} />}
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="api-key-name">Key name</Label>
            <Input
              id="api-key-name"
              placeholder="e.g. Asset pipeline"
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={full}
            />
          </div>
          <Button type="submit" variant="neural" disabled={full || !name.trim() || create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </Button>
        </form>
        <p className="text-sm text-muted-foreground">
          {full
            ? `You have ${MAX_ACTIVE_KEYS} active keys, the most allowed. Revoke one to create another.`
            : `${active.length} of ${MAX_ACTIVE_KEYS} keys in use.`}
        </p>
        {isPending && <div className="h-16 animate-pulse rounded-2xl bg-muted" />}
        {error && (
          <div className="flex items-center gap-3">
            <p className="text-sm text-destructive">{errorText(error)}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Retry
            </Button>
          </div>
        )}
        {data && active.length === 0 && (
          <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground">
            No API keys yet.
          </p>
        )}
        {active.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label="API keys">
            {active.map((k) => (
              <KeyRow
                key={k.id}
                apiKey={k}
                busy={revoke.isPending && revoke.variables === k.id}
                onRevoke={() => revoke.mutate(k.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
