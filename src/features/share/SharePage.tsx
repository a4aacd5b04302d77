import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ArrowRightIcon, CubeIcon, DownloadIcon, SparklesIcon } from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { ArButton } from '../studio/ArButton';
import { downloadLabel } from '../studio/downloadLabel';
import { getSharedModel, type SharedModel } from './api';

// three.js loads only when a shared model is on screen, never with the landing page.
const ModelViewer = lazy(() => import('../studio/ModelViewer'));

/** The api's relative links made absolute (the api may live on another origin than the page). */
function useAbsolute(model: SharedModel | undefined) {
  const [base, setBase] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void getConfig().then(
      (c) => live && setBase(new URL(c.apiUrl.replace(/\/+$/, ''), window.location.href).href),
    );
    return () => {
      live = false;
    };
  }, []);
  return (path: string | null | undefined) => (model && base && path ? `${base}${path}` : null);
}

function Gone() {
  return (
    <section
      className="mx-auto grid min-h-[70dvh] max-w-md place-items-center px-4 pt-24 pb-16 text-center"
      data-testid="share-gone"
    >
      <div>
        <p className="text-gradient text-7xl font-black tracking-tighter">404</p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">This link is not shared</h1>
        <p className="mt-3 text-muted-foreground">This link does not exist or is no longer shared.</p>
        <Link to="/" className={buttonVariants({ variant: 'neural', size: 'lg', className: 'mt-8' })}>
          Discover Lift3D
          <ArrowRightIcon />
        </Link>
      </div>
    </section>
  );
}

/**
 * A shared model (/m/{slug}), for anyone with the link: the interactive viewer, the turntable video, "View in
 * your room" on phones, downloads when the owner allows them, and an invitation to make one's own. It shows
 * only what the public answer holds: nothing of the owner's account.
 */
export function SharePage({ slug }: { slug: string }) {
  const {
    data: model,
    error,
    isPending,
  } = useQuery({
    queryKey: ['shared-model', slug],
    queryFn: () => getSharedModel(slug),
    // A revoked link must not linger: never served from an old answer.
    gcTime: 0,
    staleTime: 0,
    // A refetch signs new links, which would reload the viewer and the video mid-view.
    refetchOnWindowFocus: false,
    retry: (count, e) => !(e instanceof ApiError && e.status === 404) && count < 2,
  });
  const absolute = useAbsolute(model);
  // Set once the viewer has drawn the model (a phone that cannot show it gets the viewer's own fallback).
  const [drawn, setDrawn] = useState(false);
  const onDrawn = useCallback(() => setDrawn(true), []);

  if (error instanceof ApiError && error.status === 404) return <Gone />;
  const glb = absolute(model?.modelUrl);
  const video = absolute(model?.videoUrl);
  const poster = absolute(model?.posterUrl);
  const fileUrl = absolute(model?.fileUrl);
  const title = video || model?.kind === 'video' ? '3D model and turntable video' : '3D model';

  return (
    <div className="mx-auto max-w-6xl px-4 pt-24 pb-16 sm:px-6 sm:pt-28" data-testid="share-page">
      <div className="flex flex-col gap-1.5">
        <p className="text-xs font-semibold tracking-wider text-primary uppercase">Shared with Lift3D</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">A {title}</h1>
        {model ? (
          <p className="text-sm text-muted-foreground">
            Drag to turn it, scroll or pinch to zoom{video ? ', or watch its turntable' : ''}.
          </p>
        ) : null}
      </div>

      {error ? (
        <Card className="mt-6 p-6 text-sm text-destructive" role="alert">
          {error instanceof Error ? error.message : String(error)}
        </Card>
      ) : (
        <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Card
            className="relative min-h-[360px] overflow-hidden sm:min-h-[480px] lg:min-h-[560px]"
            data-testid="share-viewer"
          >
            <div className="absolute inset-0 bg-lattice opacity-40" aria-hidden="true" />
            {glb ? (
              <div
                className="absolute inset-0"
                data-testid="model-viewer"
                data-drawn={drawn ? 'true' : 'false'}
              >
                <Suspense
                  fallback={
                    <div className="grid h-full place-items-center text-sm text-muted-foreground">
                      Loading the model…
                    </div>
                  }
                >
                  <ModelViewer url={glb} onLoaded={onDrawn} />
                </Suspense>
              </div>
            ) : (
              <div className="relative grid h-full min-h-[inherit] place-items-center">
                <CubeIcon
                  className={
                    isPending ? 'size-10 animate-pulse text-primary' : 'size-10 text-muted-foreground'
                  }
                />
              </div>
            )}
          </Card>

          <div className="flex flex-col gap-5">
            {video ? (
              <Card className="overflow-hidden">
                <video
                  src={video}
                  poster={poster ?? undefined}
                  muted
                  loop
                  autoPlay
                  playsInline
                  controls
                  className="aspect-square w-full bg-muted object-contain"
                  data-testid="share-video"
                />
                <p className="px-4 py-2.5 text-xs text-muted-foreground">Turntable · muted, looped</p>
              </Card>
            ) : null}

            {model ? (
              // ArButton makes the api-relative link absolute itself.
              <ArButton
                generation={{ id: model.slug, files: model.files, downloadUrl: model.fileUrl }}
                className="w-full"
              />
            ) : null}

            {model && fileUrl && model.downloads.length > 0 ? (
              <Card className="p-4" data-testid="share-downloads">
                <h2 className="text-sm font-semibold">Download</h2>
                <ul className="mt-3 grid grid-cols-2 gap-2">
                  {model.downloads.map((f) => (
                    <li key={f}>
                      <a
                        href={`${fileUrl}${f}`}
                        download
                        className={buttonVariants({
                          variant: 'outline',
                          size: 'sm',
                          className: 'w-full justify-start',
                        })}
                      >
                        <DownloadIcon />
                        {downloadLabel(f)}
                      </a>
                    </li>
                  ))}
                </ul>
              </Card>
            ) : null}

            <Card className="flex flex-col gap-3 p-5" data-testid="share-cta">
              <div className="flex items-center gap-2">
                <SparklesIcon className="size-5 text-primary" />
                <p className="font-semibold">Made with Lift3D — make your own</p>
              </div>
              <p className="text-sm text-muted-foreground">
                Turn a single photo into a real 3D model in every format, with a turntable video.
              </p>
              <Link to="/app" className={buttonVariants({ variant: 'neural' })}>
                Make your own 3D model
                <ArrowRightIcon />
              </Link>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
