import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ArrowRightIcon } from '../icons';
import { buttonVariants } from '../ui/button';

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="relative isolate grid min-h-[80vh] place-items-center overflow-hidden px-4 pt-24 pb-16">
      <div className="absolute inset-0 -z-10 bg-lattice opacity-60 [mask-image:radial-gradient(ellipse_at_center,black,transparent_70%)]" />
      <div className="text-center">
        <p className="text-gradient text-8xl font-black tracking-tighter sm:text-9xl">404</p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Oops! Page not found</h1>
        <p className="mx-auto mt-3 max-w-sm text-muted-foreground">
          The page <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{pathname}</code> does
          not exist or has moved.
        </p>
        <Link to="/" className={buttonVariants({ variant: 'neural', size: 'lg', className: 'mt-8' })}>
          Return to Home
          <ArrowRightIcon />
        </Link>
      </div>
    </section>
  );
}
