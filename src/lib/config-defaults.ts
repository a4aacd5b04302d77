import type { PaymentMode } from '@lift3d/contract';

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
