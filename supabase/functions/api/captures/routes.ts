/**
 * Guided capture: each shot checked by the segmentation model before it is kept, and the desktop's QR
 * hand-off to the phone.
 *
 * - POST /captures/shots (multipart: image, side, focal?) → a queued check; GET /captures/shots/:id polls
 *   it; GET /captures/shots/:id/photo returns the photo to its owner (the desktop shows the phone's shots).
 * - POST /captures/sessions → {session, token}: the token goes into the QR code only (its hash is stored);
 *   GET /captures/sessions/:id → the session's latest shot per side.
 * - /captures/by-token/:token/...: the phone, not signed in, acts as the session's owner for checking shots
 *   into that session and reading them, nothing else (public.capture_session_user resolves the token).
 */
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { Caller, Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest, notFound } from '../core/errors.ts';
import { checkId } from '../generations/routes.ts';
import {
  readImages,
  readUploadForm,
  storageUnavailable,
  storeUploads,
  UPLOAD_DEFAULTS,
  uploadBodyLimit,
} from '../generations/uploads.ts';
import { hashToken, newToken, type ShotCheckRow, SIDES, type Side, shotJson, TOKEN_PATTERN } from './rows.ts';

const sessionEnded = () =>
  new ApiError(404, 'This phone capture has ended. Scan the QR code on your computer again.', 'not_found');

export function captureRoutes(deps: AppDeps) {
  const { db, config, storage } = deps;
  const limits = config.generations ?? UPLOAD_DEFAULTS;

  /** The phone's token → the session's owner as the caller (role authenticated), or 404. */
  const sessionCaller = async (token: string): Promise<{ caller: Caller; sessionId: string }> => {
    if (!TOKEN_PATTERN.test(token)) throw sessionEnded();
    const hash = await hashToken(token);
    const [row] = await db.asService(
      (tx) => tx`select session_id, user_id from public.capture_session_user(${hash})`,
    );
    if (!row) throw sessionEnded();
    return {
      sessionId: row.session_id,
      caller: {
        role: 'authenticated',
        userId: row.user_id,
        isAdmin: false,
        claims: {
          role: 'authenticated',
          sub: row.user_id,
          aud: 'authenticated',
          capture_session: row.session_id,
        },
      },
    };
  };

  /** Stores the shot as the caller's upload and queues its check (in the session when there is one). */
  const checkShot = async (
    caller: Caller,
    form: Awaited<ReturnType<typeof readUploadForm>>,
    session?: string,
  ) => {
    if (!storage) throw storageUnavailable();
    const side = form.field('side');
    if (!side || !SIDES.includes(side as Side)) throw badRequest('side must be front, right, back or left.');
    const focalText = form.field('focal');
    const focal = focalText === undefined ? null : Number(focalText);
    if (focal !== null && (!Number.isFinite(focal) || focal < 8 || focal > 600)) {
      throw badRequest('focal must be a focal length in millimetres (35 mm equivalent), 8 to 600.');
    }
    const [image] = await readImages(form, limits, 1);
    await storeUploads(db, caller, storage, [image]);
    try {
      return await db.asCaller(caller, async (tx: Tx) => {
        const [row] = await tx<ShotCheckRow[]>`select * from public.create_shot_check(${side}, ${image.key},
          ${image.type}, ${image.bytes.byteLength}, ${focal})`;
        if (session) await tx`select public.capture_session_add_shot(${session}, ${row.id})`;
        return row;
      });
    } catch (error) {
      await storage.delete(image.key);
      throw error;
    }
  };

  const readCheck = async (caller: Caller, id: string, session?: string) => {
    const [row] = await db.asCaller(
      caller,
      (tx) => tx<ShotCheckRow[]>`select * from public.shot_checks where id = ${id}`,
    );
    // The phone reads only the checks of its own session.
    if (!row || (session && row.session_id !== session)) throw notFound('No shot with this id.');
    return row;
  };

  return new Hono<AppEnv>()
    .post('/shots', uploadBodyLimit(limits), async (c) => {
      const caller = requireUser(c.get('caller'));
      const row = await checkShot(caller, await readUploadForm(c));
      return c.json({ shot: shotJson(row) }, 202);
    })
    .get('/shots/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      return c.json({ shot: shotJson(await readCheck(caller, checkId(c.req.param('id')))) });
    })
    .get('/shots/:id/photo', async (c) => {
      const caller = requireUser(c.get('caller'));
      const row = await readCheck(caller, checkId(c.req.param('id')));
      if (!storage) throw storageUnavailable();
      const bytes = await storage.getBytes(row.input_key);
      if (!bytes) throw notFound('This photo is no longer available. Please retake it.');
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': row.input_type,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    })
    .post('/sessions', async (c) => {
      const caller = requireUser(c.get('caller'));
      const token = newToken();
      const hash = await hashToken(token);
      const [row] = await db.asCaller(
        caller,
        (tx) => tx`select id, expires_at from public.create_capture_session(${hash})`,
      );
      return c.json(
        { session: { id: row.id, expiresAt: new Date(row.expires_at).toISOString() }, token },
        201,
      );
    })
    .get('/sessions/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const { session, shots } = await db.asCaller(caller, async (tx) => {
        const [s] = await tx`select id, expires_at from public.capture_sessions where id = ${id}`;
        const rows = await tx<ShotCheckRow[]>`select * from public.shot_checks where session_id = ${id}
                                                order by created_at`;
        return { session: s, shots: rows };
      });
      if (!session) throw notFound('No phone capture with this id.');
      return c.json({
        session: { id: session.id, expiresAt: new Date(session.expires_at).toISOString() },
        shots: shots.map(shotJson),
      });
    })
    .get('/by-token/:token', async (c) => {
      const { caller, sessionId } = await sessionCaller(c.req.param('token'));
      const [row] = await db.asCaller(
        caller,
        (tx) => tx`select expires_at from public.capture_sessions where id = ${sessionId}`,
      );
      return c.json({ session: { id: sessionId, expiresAt: new Date(row.expires_at).toISOString() } });
    })
    .post('/by-token/:token/shots', uploadBodyLimit(limits), async (c) => {
      const { caller, sessionId } = await sessionCaller(c.req.param('token'));
      const row = await checkShot(caller, await readUploadForm(c), sessionId);
      return c.json({ shot: shotJson(row) }, 202);
    })
    .get('/by-token/:token/shots/:id', async (c) => {
      const { caller, sessionId } = await sessionCaller(c.req.param('token'));
      return c.json({ shot: shotJson(await readCheck(caller, checkId(c.req.param('id')), sessionId)) });
    });
}
