import { type AppConfig, defaultConfig } from './config-defaults';

export type { AppConfig, Payments } from './config-defaults';

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
  const body: unknown = await res.json();
  const { parseConfig } = await import('./config-parse');
  return parseConfig(body, origin);
}

/** The page's configuration; fetched on first use and shared afterwards. */
export function getConfig(): Promise<AppConfig> {
  pending ??= fetchConfig();
  return pending;
}
