import { type ApiClient, api } from '../../lib/api';
import { randomId } from '../../lib/uuid';

/** Storage keys of the anonymous visit record (SPEC §3 "Visit record"). */
export const SESSION_ID_KEY = 'lift3d_session_id';
export const VISITOR_ID_KEY = 'lift3d_visitor_id';

function remembered(storage: Storage | undefined, key: string): string {
  try {
    const existing = storage?.getItem(key);
    if (existing) return existing;
    const id = randomId();
    storage?.setItem(key, id);
    return id;
  } catch {
    return randomId(); // storage blocked: count this page view on its own
  }
}

/** One id per browser tab session (sessionStorage). */
function getSessionId(): string {
  return remembered(window.sessionStorage, SESSION_ID_KEY);
}

/** One anonymous id per browser (localStorage), created on first use. */
function getVisitorId(): string {
  return remembered(window.localStorage, VISITOR_ID_KEY);
}

/** Records this page view. Analytics must never disturb the visitor, so a failure is ignored. */
export async function recordVisit(client: ApiClient = api): Promise<void> {
  try {
    await client.recordVisit(
      { path: window.location.pathname, referrer: document.referrer, visitorId: getVisitorId() },
      getSessionId(),
    );
  } catch {
    // The API client has already logged the failure; the visit is simply not counted.
  }
}
