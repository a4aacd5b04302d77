import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { publicSettingsQuery } from '../../credits/usePublicSettings';
import { adminApi, type Setting, type WorkerKeys } from '../api';
import { formatDateTime } from '../format';
import { PageHeader, StateMessage } from '../PageHeader';

const KEY = ['admin', 'settings'] as const;

/**
 * Operator settings read by the database functions (generation cost, in-flight limit, App66 limit, the
 * generation backend per studio and its fallback); settings with `choices` are picked from a list.
 */
export function SettingsPage() {
  const settings = useQuery({ queryKey: KEY, queryFn: adminApi.settings });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Settings"
        description="Service-wide limits. They apply to the next request; nothing needs a restart."
      />
      {settings.isPending ? (
        <Card>
          <StateMessage>Loading settings...</StateMessage>
        </Card>
      ) : settings.isError ? (
        <Card>
          <StateMessage tone="error">
            Failed to load settings. Please try again.
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </StateMessage>
        </Card>
      ) : (
        <>
          <SettingsSection title="Limits and prices" settings={settings.data.filter((s) => !isBackend(s))} />
          <SettingsSection
            title="Generation backend"
            description="Which service makes the 3D shape of each studio, what happens when it fails, and the faces asked of it. API keys stay in the worker's environment."
            settings={BACKEND_ORDER.flatMap((key) => settings.data.filter((s) => s.key === key))}
          />
        </>
      )}
    </div>
  );
}

/** The backend settings (issue #14), together and in the order an operator decides them. */
const BACKEND_ORDER = [
  'generation.backend.app',
  'generation.backend.app66',
  'generation.fallback',
  'generation.provider_faces.low',
  'generation.provider_faces.high',
] as const;

const isBackend = (s: Setting) => (BACKEND_ORDER as readonly string[]).includes(s.key);

const HOSTED = new Set(['meshy', 'tripo', 'fal']);
const isBackendChoice = (key: string) => key.startsWith('generation.backend.');

/** Whether the running workers can use a backend choice; null when there is nothing to say (built-in, default). */
function keyStatus(choice: string, workers: WorkerKeys | undefined): { ok: boolean; text: string } | null {
  if (!HOSTED.has(choice) || !workers) return null;
  if (workers.live === 0)
    return { ok: false, text: `No worker is running, so no key for ${choice} can be confirmed.` };
  return workers.backends.includes(choice)
    ? { ok: true, text: `The running workers have a key for ${choice}.` }
    : {
        ok: false,
        text: `No running worker has a key for ${choice}: its conversions would fall back to the built-in engine, or fail and be refunded.`,
      };
}

function SettingsSection({
  title,
  description,
  settings,
}: {
  title: string;
  description?: string;
  settings: Setting[];
}) {
  if (settings.length === 0) return null;
  const id = `settings-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {settings.map((s) => (
          <SettingCard key={s.key} setting={s} />
        ))}
      </div>
    </section>
  );
}

function SettingCard({ setting }: { setting: Setting }) {
  const client = useQueryClient();
  const backendChoice = isBackendChoice(setting.key);
  const workers = useQuery({
    queryKey: ['admin', 'settings', 'workers'],
    queryFn: adminApi.settingsWorkers,
    enabled: backendChoice,
  }).data;
  const [value, setValue] = useState(String(setting.value));
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(String(setting.value)), [setting.value]);
  const id = `setting-${setting.key.replaceAll('.', '-')}`;
  const changed = value.trim() !== String(setting.value);

  async function save(e: FormEvent) {
    e.preventDefault();
    const n = Number(value.trim());
    if (!setting.choices && !Number.isInteger(n)) {
      notify('Setting not saved', { description: 'Please enter a whole number.', variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const saved = await adminApi.updateSetting(setting.key, setting.choices ? value : n);
      client.setQueryData<Setting[]>(KEY, (list) => list?.map((s) => (s.key === saved.key ? saved : s)));
      // The price and limits the rest of the SPA shows come from these settings (GET /api/config).
      void client.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
      const status = backendChoice ? keyStatus(String(saved.value), workers) : null;
      if (status && !status.ok) {
        notify('Saved, but not usable yet', {
          description: `${saved.label} is now ${String(saved.value)}. ${status.text}`,
          variant: 'destructive',
        });
      } else {
        notify('Setting Updated', {
          description: `${saved.label} is now ${String(saved.value)}.`,
          variant: 'success',
        });
      }
    } catch (err) {
      notify('Setting not saved', {
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <label htmlFor={id} className="font-semibold">
          {setting.label}
        </label>
        <Badge variant={setting.isPublic ? 'outline' : 'secondary'}>
          {setting.isPublic ? 'Public' : 'Private'}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{setting.description}</p>
      <form onSubmit={save} className="mt-4 flex gap-2">
        {setting.choices ? (
          <select
            id={id}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {setting.choices.map((choice) => {
              const status = backendChoice ? keyStatus(choice, workers) : null;
              return (
                <option key={choice} value={choice}>
                  {status ? `${choice} (${status.ok ? 'key set' : 'no key'})` : choice}
                </option>
              );
            })}
          </select>
        ) : (
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <Button type="submit" variant="neural" disabled={!changed || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </form>
      {backendChoice ? <KeyStatusLine choice={value} workers={workers} /> : null}
      <p className="mt-3 font-mono text-xs text-muted-foreground">
        {setting.key} · updated {formatDateTime(setting.updatedAt)}
      </p>
    </Card>
  );
}

function KeyStatusLine({ choice, workers }: { choice: string; workers: WorkerKeys | undefined }) {
  const status = keyStatus(choice, workers);
  if (!status) return null;
  return (
    <p
      className={status.ok ? 'mt-2 text-sm text-success' : 'mt-2 text-sm text-destructive'}
      data-testid="backend-key-status"
    >
      {status.text}
    </p>
  );
}
