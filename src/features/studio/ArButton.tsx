import { useEffect, useState } from 'react';
import { CubeIcon } from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { apiUrl } from './api';
import { AR_FORMAT, arPlatform, sceneViewerLink } from './ar';

/** A plain cube: AR Quick Look only takes over a `rel="ar"` link whose first child is an image. */
const QUICK_LOOK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M12 2 3 7v10l9 5 9-5V7z"/><path d="m3 7 9 5 9-5M12 12v10"/></svg>',
  );

/**
 * "View in your room" on phones (SPEC: AR view): AR Quick Look on iOS, Scene Viewer on Android, nothing on
 * desktops or for models without the file the viewer needs (USDZ is missing on models made before it).
 * The link is the generation's signed download link, so the viewer fetches it without the user's token.
 */
export function ArButton({
  generation,
  title,
  size = 'default',
  className,
}: {
  generation: { id: string; files?: string[]; downloadUrl?: string | null } | null;
  title?: string;
  size?: 'default' | 'sm';
  className?: string;
}) {
  const [href, setHref] = useState<string | null>(null);
  const platform =
    typeof navigator === 'undefined' ? null : arPlatform(navigator.userAgent, navigator.maxTouchPoints);
  const format = platform ? AR_FORMAT[platform] : null;
  const link =
    generation?.downloadUrl && format && generation.files?.includes(format) ? generation.downloadUrl : null;

  useEffect(() => {
    if (!link || !format || !platform) {
      setHref(null);
      return;
    }
    let live = true;
    void apiUrl(`${link}${format}`).then((u) => {
      if (!live) return;
      const file = new URL(u, window.location.href).href;
      setHref(platform === 'ios' ? file : sceneViewerLink(file, window.location.href, title));
    });
    return () => {
      live = false;
    };
  }, [link, format, platform, title]);

  if (!href) return null;
  const classes = cn(buttonVariants({ variant: 'outline', size }), className);
  return platform === 'ios' ? (
    <a rel="ar" href={href} className={classes} data-testid="ar-button" data-ar="quick-look">
      <img src={QUICK_LOOK_IMAGE} alt="" className="size-4" />
      View in your room
    </a>
  ) : (
    <a href={href} className={classes} data-testid="ar-button" data-ar="scene-viewer">
      <CubeIcon />
      View in your room
    </a>
  );
}
