import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type DownloadFormat, downloadGeneration, getGeneration } from './api';
import { type Generation, isTerminal } from './generation';

/** How often a running generation is polled (the row carries stage and percent). */
const POLL_INTERVAL_MS = 1000;

/**
 * Polls `GET /api/generations/:id` about once a second until the job completes or fails, and reports every
 * new version of the row. Renders nothing: one poller per followed job.
 */
export function GenerationPoller({
  generation,
  onUpdate,
}: {
  generation: Generation;
  onUpdate: (generation: Generation) => void;
}) {
  const { data } = useQuery({
    queryKey: ['generation', generation.id],
    queryFn: () => getGeneration(generation.id),
    initialData: generation,
    // initialData would count as fresh; poll right away anyway.
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data && isTerminal(q.state.data) ? false : POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  useEffect(() => {
    if (data) onUpdate(data);
  }, [data, onUpdate]);
  return null;
}

/** An object URL for a blob or file, revoked when it changes or the component unmounts. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** A finished generation's file (GLB for the viewer, MP4 for the preview) as an object URL. */
export function useResultUrl(
  generation: Generation | null,
  format: DownloadFormat,
): { url: string | null; error: Error | null } {
  const enabled = generation?.status === 'completed';
  const { data, error } = useQuery({
    queryKey: ['generation-file', generation?.id, format],
    queryFn: () => downloadGeneration(generation!.id, format),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: 2,
  });
  const url = useObjectUrl(enabled ? data?.blob : null);
  return { url, error: error instanceof Error ? error : null };
}
