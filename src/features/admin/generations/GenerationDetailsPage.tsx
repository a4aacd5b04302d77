import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { DownloadIcon } from '../../../components/icons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { notify } from '../../../components/ui/toaster';
import { type DownloadFormat, defaultFileName, downloadGeneration, saveBlob } from '../../studio/api';
import { formatSizeMb } from '../../studio/format';
import { PhotoStrip } from '../../studio/PhotoStrip';
import { adminApi } from '../api';
import { formatDateTime, formatNumber, formatSeconds } from '../format';
import { PageHeader, StateMessage } from '../PageHeader';
import { backendLabel, conversionLabel, STATUS_BADGE, STATUS_TEXT, secondsBetween } from './labels';

const FILE_LABELS: Record<string, string> = {
  obj: 'OBJ (.zip)',
  mp4: 'MP4 video',
  usdz: 'USDZ',
  '3mf': '3MF (print)',
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div
      className="grid grid-cols-[6.5rem_1fr] gap-3 py-2 text-sm sm:grid-cols-[10rem_1fr]"
      data-testid={testId}
    >
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** One conversion as the admin sees it: who, what, how it went, what it cost, its photos and files. */
export function GenerationDetailsPage({ id }: { id: string }) {
  const details = useQuery({
    queryKey: ['admin', 'generation', id],
    queryFn: () => adminApi.generation(id),
    refetchInterval: (q) => {
      const status = q.state.data?.generation.status;
      return status === 'queued' || status === 'processing' ? 3000 : false;
    },
  });
  const [busy, setBusy] = useState<string | null>(null);

  async function download(format: DownloadFormat) {
    setBusy(format);
    try {
      const file = await downloadGeneration(id, format);
      saveBlob(file.blob, file.fileName ?? defaultFileName(`lift3d-${id.slice(0, 8)}`, format));
    } catch (err) {
      notify('Error', {
        description: err instanceof Error ? err.message : 'The download failed. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  const back = (
    <Link to="/admin/generations" className="text-sm font-medium text-primary hover:underline">
      ← All conversions
    </Link>
  );
  if (details.isPending) return <StateMessage>Loading the conversion...</StateMessage>;
  if (details.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <StateMessage tone="error">
          {details.error instanceof Error ? details.error.message : 'Failed to load the conversion.'}
          <Button variant="outline" size="sm" onClick={() => void details.refetch()}>
            Retry
          </Button>
        </StateMessage>
      </div>
    );
  }
  const d = details.data;
  const g = d.generation;
  const status = d.cancelledAt ? 'cancelled' : g.status;
  const photos = (g.views?.length ?? 0) + 1;

  return (
    <div className="flex flex-col gap-6" data-testid="admin-generation">
      {back}
      <PageHeader
        title={`Conversion ${g.id.slice(0, 8)}`}
        description={<span className="font-mono text-xs break-all">{g.id}</span>}
        actions={
          <Badge variant={STATUS_BADGE[status]} className="text-sm" data-testid="admin-generation-status">
            {STATUS_TEXT[status]}
            {g.status === 'processing' ? ` ${Math.round(g.progress * 100)}%` : ''}
          </Badge>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="flex flex-col gap-6">
          <Card className="p-5 sm:p-6">
            <h2 className="font-semibold">Photos</h2>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {photos === 1 ? 'One photo (single view).' : `${photos} views of one object, one conversion.`}
            </p>
            <PhotoStrip generation={g} size="lg" className="mt-4" />
            {g.warnings?.length ? (
              <ul
                className="mt-4 rounded-xl bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-300"
                data-testid="admin-generation-warnings"
              >
                {g.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            ) : null}
          </Card>
          {g.error && status === 'cancelled' ? (
            <Card className="p-5 sm:p-6">
              <h2 className="font-semibold">Cancelled</h2>
              <p className="mt-2 text-sm" data-testid="admin-generation-error">
                {g.error}
              </p>
            </Card>
          ) : g.error ? (
            <Card className="border-destructive/40 p-5 sm:p-6">
              <h2 className="font-semibold text-destructive">Error</h2>
              <p className="mt-2 text-sm" data-testid="admin-generation-error">
                {g.error}
              </p>
            </Card>
          ) : null}
          <Card className="p-5 sm:p-6">
            <h2 className="font-semibold">Files</h2>
            {g.status === 'completed' && g.files?.length ? (
              <div className="mt-3 flex flex-wrap gap-2" data-testid="admin-generation-files">
                {(g.files as DownloadFormat[]).map((f) => (
                  <Button
                    key={f}
                    variant="outline"
                    size="sm"
                    disabled={busy !== null}
                    onClick={() => void download(f)}
                    aria-label={`Download ${FILE_LABELS[f] ?? f.toUpperCase()}`}
                  >
                    <DownloadIcon />
                    {busy === f ? 'Preparing…' : (FILE_LABELS[f] ?? f.toUpperCase())}
                  </Button>
                ))}
              </div>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">
                {status === 'cancelled'
                  ? 'No files: the conversion was cancelled.'
                  : g.status === 'failed'
                    ? 'No files: the conversion failed.'
                    : 'Files appear once it completes.'}
              </p>
            )}
          </Card>
        </div>
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Details</h2>
          <dl className="mt-2 divide-y divide-border">
            <Row label="Owner" testId="admin-generation-owner">
              {d.owner.email ? (
                <>
                  <span className="font-medium">{d.owner.name || d.owner.email}</span>
                  {d.owner.name ? <span className="block text-muted-foreground">{d.owner.email}</span> : null}
                </>
              ) : (
                <span className="text-muted-foreground">deleted account</span>
              )}
            </Row>
            <Row label="Conversion">{conversionLabel(g)}</Row>
            <Row label="Stage">
              {status === 'cancelled' ? 'cancelled' : (g.stage ?? '-')} · {Math.round(g.progress * 100)}%
            </Row>
            <Row label="Backend">{backendLabel(d.backend, d.fellBack)}</Row>
            <Row label="If it fails">
              {d.fallback === 'refund' ? 'Fail and refund' : 'Fall back to the built-in engine'}
            </Row>
            {d.provider.taskId ? (
              <Row label="Provider task">
                <span className="font-mono text-xs">{d.provider.taskId}</span>
                {d.provider.ms !== null ? ` · ${formatSeconds(d.provider.ms / 1000)}` : ''}
                {d.provider.cost !== null ? ` · cost ${d.provider.cost}` : ''}
              </Row>
            ) : null}
            {d.provider.failure ? (
              <Row label="Provider failure" testId="admin-generation-provider-failure">
                <span className="break-words">{d.provider.failure}</span>
              </Row>
            ) : null}
            <Row label="Cost" testId="admin-generation-cost">
              {d.free
                ? 'Free conversion'
                : d.charge
                  ? `${formatNumber(d.charge.credits)} credits`
                  : `${g.cost} credits`}
            </Row>
            <Row label="Refund" testId="admin-generation-refund">
              {d.refund
                ? `${formatNumber(d.refund.credits)} credits, ${formatDateTime(d.refund.at)}`
                : 'None'}
            </Row>
            <Row label="Created">{formatDateTime(g.createdAt)}</Row>
            <Row label="Started">
              {g.startedAt ? formatDateTime(g.startedAt) : '-'}
              {g.startedAt ? ` · waited ${formatSeconds(secondsBetween(g.createdAt, g.startedAt))}` : ''}
            </Row>
            <Row label="Finished">
              {g.completedAt ? formatDateTime(g.completedAt) : '-'}
              {g.completedAt && g.startedAt
                ? ` · ran ${formatSeconds(secondsBetween(g.startedAt, g.completedAt))}`
                : ''}
            </Row>
            <Row label="Attempts">
              {d.attempts}
              {d.workerId ? <span className="text-muted-foreground"> · worker {d.workerId}</span> : null}
            </Row>
            <Row label="Photo">
              {d.input.name ?? 'unnamed'} · {d.input.type} · {formatSizeMb(d.input.bytes)}
            </Row>
          </dl>
        </Card>
      </div>
    </div>
  );
}
