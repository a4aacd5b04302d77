/** What every route receives: the shared server state and the parsed request. */
import type postgres from 'postgres';
import type { ResolvedAuthConfig } from './config.ts';
import type { Body } from './http.ts';
import type { OidcClients } from './oidc.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type Mailer = (message: MailMessage) => Promise<void>;

export interface AuthContext {
  sql: postgres.Sql;
  config: ResolvedAuthConfig;
  mailer: Mailer;
  limiter: RateLimiter;
  secret: Uint8Array;
  oidc: OidcClients;
  log: (line: string) => void;
}

export interface RequestContext {
  headers: Headers;
  url: URL;
  body: Body;
  ip: string;
  userAgent: string | null;
}
