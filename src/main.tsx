import { startOnIntent } from './boot/intent';
import { recordVisit } from './features/analytics/visit';
import { USER_STORAGE_KEY } from './features/auth/storage';
import { AUTH_STORAGE_KEY } from './lib/supabase';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('main: index.html has no #root element');

// Counted once per page load; a failure is ignored (SPEC §2).
void recordVisit();

const start = () => import('./start').then(({ startApp }) => startApp(root));

/** A session or a signed-in user is stored: the page must show that account (its header) at once. */
function signedIn(): boolean {
  try {
    return [localStorage, sessionStorage].some(
      (storage) => storage.getItem(AUTH_STORAGE_KEY) !== null || storage.getItem(USER_STORAGE_KEY) !== null,
    );
  } catch {
    return false; // storage disabled: nobody can be signed in
  }
}

// The landing, to a visitor who is not signed in, is the prerendered HTML until they do something: the
// app's code and React's takeover then wait for their first intent (src/boot/intent.ts). Clicks are held
// and replayed from the start, so the page answers from now on (the mark browser tests wait for).
if (root.dataset.prerendered === '/' && window.location.pathname === '/' && !signedIn()) {
  startOnIntent(root, start);
  document.documentElement.dataset.app = 'interactive';
} else {
  void start();
}
