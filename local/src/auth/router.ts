/** The route table: method + path (relative to /auth/v1) → handler, and whether an API key is needed. */
import type { AuthContext, RequestContext } from './context.ts';
import {
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
} from './routes/admin-users.ts';
import { authorize } from './routes/authorize.ts';
import { callback } from './routes/callback.ts';
import { logout } from './routes/logout.ts';
import { recover } from './routes/recover.ts';
import { health, jwks, settings } from './routes/settings.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, putUser } from './routes/user.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';

type Handler = (ctx: AuthContext, request: RequestContext, param: string) => Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Browser navigations (links, provider redirects) carry no API key, as behind Supabase's gateway. */
  open?: boolean;
}

const ID = '([0-9a-fA-F-]{36})';

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/health$/, handler: health, open: true },
  { method: 'GET', pattern: /^\/settings$/, handler: settings },
  { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, handler: jwks, open: true },
  { method: 'POST', pattern: /^\/signup$/, handler: signup },
  { method: 'POST', pattern: /^\/token$/, handler: token },
  { method: 'GET', pattern: /^\/user$/, handler: getUser },
  { method: 'PUT', pattern: /^\/user$/, handler: putUser },
  { method: 'POST', pattern: /^\/logout$/, handler: logout },
  { method: 'POST', pattern: /^\/recover$/, handler: recover },
  { method: 'POST', pattern: /^\/verify$/, handler: verifyPost },
  { method: 'GET', pattern: /^\/verify$/, handler: verifyGet, open: true },
  { method: 'GET', pattern: /^\/authorize$/, handler: authorize, open: true },
  { method: 'GET', pattern: /^\/callback$/, handler: callback, open: true },
  { method: 'POST', pattern: /^\/callback$/, handler: callback, open: true },
  { method: 'POST', pattern: /^\/admin\/users$/, handler: adminCreateUser },
  { method: 'GET', pattern: /^\/admin\/users$/, handler: adminListUsers },
  { method: 'GET', pattern: new RegExp(`^/admin/users/${ID}$`), handler: adminGetUser },
  { method: 'PUT', pattern: new RegExp(`^/admin/users/${ID}$`), handler: adminUpdateUser },
  { method: 'DELETE', pattern: new RegExp(`^/admin/users/${ID}$`), handler: adminDeleteUser },
];

export function matchRoute(method: string, path: string): { route: Route; param: string } | 'method' | null {
  let pathMatched = false;
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (route.method === method) return { route, param: match[1] ?? '' };
  }
  return pathMatched ? 'method' : null;
}
