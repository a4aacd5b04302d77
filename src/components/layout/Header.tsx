import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useAuth } from '../../features/auth/context';
import { cn } from '../../lib/cn';
import { CloseIcon, CubeIcon, MenuIcon } from '../icons';
import { Button, buttonVariants } from '../ui/button';
import { notify } from '../ui/toaster';
import { Brand } from './Brand';
import { APP_MENU_PATHS, HEADER_SCROLL_THRESHOLD, LANDING_ANCHORS, STUDIO_PATHS } from './nav';
import { useScrolledPast } from './useScrolledPast';

// Headless UI's menu code is only needed once someone is signed in: keep it out of the landing bundle.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

const navLink =
  'rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const mobileLink =
  'flex items-center rounded-xl px-4 py-3 text-base font-medium text-foreground transition-colors hover:bg-muted';

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, openSignIn, signOut } = useAuth();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const onLanding = pathname === '/';
  const appMode = STUDIO_PATHS.includes(pathname);
  const appMenu = APP_MENU_PATHS.includes(pathname);
  const solid = scrolled || appMode || menuOpen;

  // Close the mobile menu on navigation and on Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read inside
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  async function handleSignOut() {
    close();
    try {
      await signOut();
    } catch (err) {
      notify('Error', {
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    }
    await navigate({ to: '/' });
  }

  function handleSignIn() {
    close();
    openSignIn();
  }

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      data-mode={appMode ? 'app' : onLanding ? 'landing' : 'page'}
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,border-color,box-shadow,backdrop-filter] duration-300',
        solid
          ? 'border-border/70 bg-background/75 shadow-[0_1px_20px_-12px_rgb(0_0_0/0.25)] backdrop-blur-xl backdrop-saturate-150 reduced-transparency:bg-background!'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Brand onClick={close} />

        <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-0.5 lg:flex">
          {onLanding ? (
            LANDING_ANCHORS.map((a) => (
              <a key={a.href} href={a.href} className={navLink}>
                {a.label}
              </a>
            ))
          ) : (
            <Link to="/" className={navLink} activeOptions={{ exact: true }}>
              Home
            </Link>
          )}
          <Link
            to="/app"
            className={cn(navLink, 'data-[status=active]:text-foreground')}
            activeProps={{ 'aria-current': 'page' }}
          >
            App
          </Link>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {appMode && user ? (
            <span className="hidden items-center gap-1.5 rounded-full border border-border bg-muted/60 px-3 py-1 text-xs font-semibold sm:inline-flex">
              <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
              {user.credits.toLocaleString('en-US')} credits
            </span>
          ) : null}

          {user ? (
            <div className="hidden lg:block">
              <Suspense fallback={<span className="block size-10 rounded-full bg-muted" />}>
                <UserMenu user={user} onSignOut={handleSignOut} />
              </Suspense>
            </div>
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <Button variant="ghost" onClick={handleSignIn}>
                Sign In
              </Button>
              {appMode ? null : (
                <Link to="/app" className={buttonVariants({ variant: 'neural' })}>
                  Start Converting
                </Link>
              )}
            </div>
          )}

          {appMode ? null : (
            <Link
              to="/app"
              className={buttonVariants({ variant: 'neural', size: 'sm', className: 'lg:hidden' })}
            >
              <CubeIcon />
              Studio
            </Link>
          )}
          <button
            type="button"
            className="grid size-10 cursor-pointer place-items-center rounded-xl text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border/70 px-4 pt-3 pb-5 lg:hidden"
        >
          <div className="flex flex-col gap-1">
            {appMenu ? (
              <>
                <Link to="/" className={mobileLink} onClick={close}>
                  Home
                </Link>
                {user ? (
                  <Link to="/profile" className={mobileLink} onClick={close}>
                    Profile
                  </Link>
                ) : null}
              </>
            ) : onLanding ? (
              LANDING_ANCHORS.map((a) => (
                <a key={a.href} href={a.href} className={mobileLink} onClick={close}>
                  {a.label}
                </a>
              ))
            ) : (
              <Link to="/" className={mobileLink} onClick={close}>
                Home
              </Link>
            )}
            {appMenu ? null : (
              <Link to="/app" className={mobileLink} onClick={close}>
                App
              </Link>
            )}
            {!appMenu && user ? (
              <Link to="/profile" className={mobileLink} onClick={close}>
                Profile
              </Link>
            ) : null}
          </div>
          <div className="mt-3 flex flex-col gap-2 border-t border-border/70 pt-4">
            {user ? (
              <>
                <div className="px-4 pb-1">
                  <p className="truncate text-sm font-semibold">{user.name || 'Your account'}</p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
                <Button variant="outline" size="lg" onClick={handleSignOut}>
                  Sign Out
                </Button>
              </>
            ) : (
              <>
                <Button variant="outline" size="lg" onClick={handleSignIn}>
                  Sign In
                </Button>
                {appMenu ? null : (
                  <Link
                    to="/app"
                    onClick={close}
                    className={buttonVariants({ variant: 'neural', size: 'lg' })}
                  >
                    Start Converting
                  </Link>
                )}
              </>
            )}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
