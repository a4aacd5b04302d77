import { HostConfig } from '@lift3d/contract';
import { type AppConfig, defaultConfig } from './config-defaults';

// Loaded with the first /config.json, not with the page: zod stays out of the landing page's first JavaScript.
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
