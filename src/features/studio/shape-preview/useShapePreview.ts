/**
 * The free shape preview's state in the studio: started on request from the chosen photos, polled until
 * the worker made it, its shape fetched for the viewer, forgotten when the photos change.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import {
  fetchPreviewShape,
  getPreview,
  getPreviewQuota,
  type Preview,
  type PreviewPhotos,
  type PreviewQuota,
  type PreviewShots,
  startPreview,
} from './api';

const SHAPE_PREVIEW_DEFAULTS = {
  pollMs: 700,
  /** Polling stops after this long even if the worker never answered (the user can try again). */
  giveUpMs: 5 * 60 * 1000,
};

const LIVE: ReadonlySet<Preview['status']> = new Set(['queued', 'processing']);

export interface ShapePreview {
  preview: Preview | null;
  /** Blob URL of the shape once made. */
  shapeUrl: string | null;
  starting: boolean;
  error: string | null;
  quota: PreviewQuota | null;
  /** When the photos were chosen for this preview (performance.now()), for the benchmark's mark. */
  startedAt: number | null;
  start: (photos: PreviewPhotos | PreviewShots) => Promise<void>;
  reset: () => void;
  markConverted: (generationId: string) => void;
}

export function useShapePreview(enabled: boolean, userId: string | null): ShapePreview {
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [shapeUrl, setShapeUrl] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const generation = useRef(0);

  const { data: quota } = useQuery({
    queryKey: ['preview-quota', userId],
    queryFn: getPreviewQuota,
    enabled: enabled && userId !== null,
    staleTime: 30_000,
  });

  const reset = useCallback(() => {
    generation.current++;
    setPreview(null);
    setError(null);
    setStarting(false);
    setStartedAt(null);
    setShapeUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return null;
    });
  }, []);

  const start = useCallback(
    async (photos: PreviewPhotos | PreviewShots) => {
      reset();
      const mine = generation.current;
      setStarting(true);
      setStartedAt(performance.now());
      try {
        const made = await startPreview(photos);
        if (mine === generation.current) setPreview(made);
      } catch (err) {
        if (mine === generation.current)
          setError(err instanceof Error ? err.message : 'The preview could not be started.');
      } finally {
        if (mine === generation.current) setStarting(false);
        void queryClient.invalidateQueries({ queryKey: ['preview-quota'] });
      }
    },
    [queryClient, reset],
  );

  // Poll while the worker makes it; fetch the shape once.
  const id = preview?.id ?? null;
  const live = preview ? LIVE.has(preview.status) : false;
  useEffect(() => {
    if (!id || !live) return;
    const mine = generation.current;
    const until = Date.now() + SHAPE_PREVIEW_DEFAULTS.giveUpMs;
    const timer = setInterval(async () => {
      if (Date.now() > until) {
        clearInterval(timer);
        setError('The preview is taking unusually long. You can still convert the photos.');
        return;
      }
      try {
        const next = await getPreview(id);
        if (mine !== generation.current) return;
        setPreview(next);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) clearInterval(timer);
      }
    }, SHAPE_PREVIEW_DEFAULTS.pollMs);
    return () => clearInterval(timer);
  }, [id, live]);

  const completed = preview?.status === 'completed';
  useEffect(() => {
    if (!id || !completed) return;
    const mine = generation.current;
    fetchPreviewShape(id).then(
      (url) => {
        if (mine === generation.current) setShapeUrl(url);
        else URL.revokeObjectURL(url);
      },
      (err: unknown) => {
        if (mine === generation.current)
          setError(err instanceof Error ? err.message : 'The preview could not be loaded.');
      },
    );
  }, [id, completed]);

  // Answers that arrive after the studio is gone are dropped.
  useEffect(
    () => () => {
      generation.current++;
    },
    [],
  );

  const markConverted = useCallback((generationId: string) => {
    setPreview((p) => (p ? { ...p, status: 'converted', generationId } : p));
  }, []);

  return {
    preview,
    shapeUrl,
    starting,
    error,
    quota: quota ?? null,
    startedAt,
    start,
    reset,
    markConverted,
  };
}
