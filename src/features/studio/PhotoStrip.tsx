import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { apiUrl } from './api';
import type { Generation } from './generation';
import { CHECKERBOARD } from './icons';
import { PHOTO_LABELS, PHOTO_SIDES, type PhotoSide } from './views';

/** The generation's signed photo links as absolute URLs (config.json names the API root). */
export function usePhotoUrls(generation: Pick<Generation, 'photoUrls'>): Partial<Record<PhotoSide, string>> {
  const [urls, setUrls] = useState<Partial<Record<PhotoSide, string>>>({});
  const links = generation.photoUrls;
  // The links only change when their signature window does (every ten minutes), not on every poll.
  const key = JSON.stringify(links ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `links`' content
  useEffect(() => {
    let live = true;
    const sides = PHOTO_SIDES.filter((s) => links?.[s]);
    void Promise.all(sides.map((s) => apiUrl(links![s]!))).then((absolute) => {
      if (live) setUrls(Object.fromEntries(sides.map((s, i) => [s, absolute[i]])));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return urls;
}

/**
 * The photos a multi-view conversion was made from, each a thumbnail with its label (Front, Right side,
 * Back, Left side), in the order the camera walked around the object.
 */
export function PhotoStrip({
  generation,
  size = 'sm',
  className,
}: {
  generation: Pick<Generation, 'photoUrls'>;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const urls = usePhotoUrls(generation);
  const sides = PHOTO_SIDES.filter((s) => generation.photoUrls?.[s]);
  if (sides.length === 0) return null;
  return (
    <ul
      className={cn(
        size === 'sm' ? 'flex flex-wrap gap-2' : 'grid max-w-lg grid-cols-4 gap-2 sm:gap-3',
        className,
      )}
      data-testid="photo-strip"
      aria-label="Photos"
    >
      {sides.map((side) => (
        <li key={side}>
          <figure className="flex flex-col items-center gap-1" data-testid={`photo-${side}`}>
            <span
              className={cn(
                'grid place-items-center overflow-hidden rounded-lg border border-border bg-muted',
                size === 'sm' ? 'size-11 sm:size-12' : 'aspect-square w-full',
              )}
            >
              {urls[side] ? (
                <img
                  src={urls[side]}
                  alt={`${PHOTO_LABELS[side]} view`}
                  style={CHECKERBOARD}
                  className="h-full w-full object-contain"
                  loading="lazy"
                />
              ) : null}
            </span>
            <figcaption
              className={cn(
                'leading-none text-muted-foreground',
                size === 'sm' ? 'text-[10px]' : 'text-xs font-medium',
              )}
            >
              {PHOTO_LABELS[side]}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
