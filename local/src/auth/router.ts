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

type Handler = (ctx: AuthContext, request: RequestContext, param: string) => Promise<Response>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A Hono path; `:id` is the one parameter a handler receives. */
  path: string;
  handler: Handler;
  /** Browser navigations (links, provider redirects) carry no API key, as behind Supabase's gateway. */
  open?: boolean;
}

const USER = '/admin/users/:id{[0-9a-fA-F-]{36}}';

export const ROUTES: Route[] = [
  { method: 'GET', path: '/health', handler: health, open: true },
  { method: 'GET', path: '/settings', handler: settings },
  { method: 'GET', path: '/.well-known/jwks.json', handler: jwks, open: true },
  { method: 'POST', path: '/signup', handler: signup },
  { method: 'POST', path: '/token', handler: token },
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: putUser },
  { method: 'POST', path: '/logout', handler: logout },
  { method: 'POST', path: '/recover', handler: recover },
  { method: 'POST', path: '/verify', handler: verifyPost },
  { method: 'GET', path: '/verify', handler: verifyGet, open: true },
  { method: 'GET', path: '/authorize', handler: authorize, open: true },
  { method: 'GET', path: '/callback', handler: callback, open: true },
  { method: 'POST', path: '/callback', handler: callback, open: true },
  { method: 'POST', path: '/admin/users', handler: adminCreateUser },
  { method: 'GET', path: '/admin/users', handler: adminListUsers },
  { method: 'GET', path: USER, handler: adminGetUser },
  { method: 'PUT', path: USER, handler: adminUpdateUser },
  { method: 'DELETE', path: USER, handler: adminDeleteUser },
];
