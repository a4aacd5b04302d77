import { HostConfig, type PaymentMode } from '@lift3d/contract';

/**
 * Runtime configuration served by the host at `/config.json` (DESIGN §6). Loaded once per page.
 *
 * When the file is missing (for example `vite preview` without the local stack) the app still renders with
 * same-origin defaults: `/api` for the API and no auth backend (empty anon key).
 */
export type Payments = PaymentMode;

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  apiUrl: string;
  googleEnabled: boolean;
  payments: Payments;
  paypalClientId: string;
  /** The local stack's mail inbox page; null where mail goes out for real. */
  mailInboxUrl: string | null;
}

export function defaultConfig(origin: string): AppConfig {
  return {
    supabaseUrl: origin,
    supabaseAnonKey: '',
    apiUrl: '/api',
    googleEnabled: false,
    payments: 'demo',
    paypalClientId: '',
    mailInboxUrl: null,
  };
}

/** Merges a parsed `/config.json` body over the defaults; throws a clear error on a malformed file. */
export function parseConfig(body: unknown, origin: string): AppConfig {
  const parsed = HostConfig.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new Error(`config: /config.json is malformed (check: ${fields})`);
  }
  const base = defaultConfig(origin);
  const c = parsed.data;
  return {
    supabaseUrl: c.supabaseUrl || base.supabaseUrl,
    supabaseAnonKey: c.supabaseAnonKey ?? base.supabaseAnonKey,
    apiUrl: (c.apiUrl || base.apiUrl).replace(/\/+$/, ''),
    googleEnabled: c.googleEnabled ?? base.googleEnabled,
    payments: c.payments ?? base.payments,
    paypalClientId: c.paypalClientId ?? base.paypalClientId,
    mailInboxUrl: c.mailInboxUrl ?? base.mailInboxUrl,
  };
}

let pending: Promise<AppConfig> | null = null;

async function fetchConfig(): Promise<AppConfig> {
  const origin = window.location.origin;
  let res: Response;
  try {
    res = await fetch('/config.json', { cache: 'no-store', credentials: 'omit' });
  } catch {
    return defaultConfig(origin);
  }
  // A static host without the file answers 404, or (SPA fallback) index.html with 200.
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('json')) return defaultConfig(origin);
  return parseConfig(await res.json(), origin);
}

/** The page's configuration; fetched on first use and shared afterwards. */
export function getConfig(): Promise<AppConfig> {
  pending ??= fetchConfig();
  return pending;
}
