import express, { type Request, type Response } from 'express';
import { PREVIEW_COOKIE } from '../../api/previewCredential';
import { PREVIEW_EXIT_PATH, PREVIEW_PATH, safeReturnPath } from '../../shared/previewPaths';
import { PRIVATE_CACHE_CONTROL } from '../../api/cacheControl';

/**
 * `/preview?token=…&to=/path` keeps a valid token in an HttpOnly, SameSite
 * cookie for this browser session and sends the reader on to `to`;
 * `/preview/exit?to=/path` clears it. Both answer with redirects nobody may
 * cache, so entering and leaving preview are fresh page loads.
 */
export function createPreviewRouter(previewToken: string | undefined) {
  const router = express.Router();
  const cookieOptions = (request: Request) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.secure,
    path: '/',
  });
  const redirect = (response: Response, to: string) => {
    response
      .set({ 'Cache-Control': PRIVATE_CACHE_CONTROL, 'Referrer-Policy': 'no-referrer' })
      .redirect(303, to);
  };

  router.get(PREVIEW_PATH, (request, response) => {
    const token = typeof request.query.token === 'string' ? request.query.token.trim() : '';
    if (previewToken === undefined || token !== previewToken) {
      response
        .status(previewToken === undefined ? 404 : 403)
        .set({
          'Cache-Control': PRIVATE_CACHE_CONTROL,
          'Referrer-Policy': 'no-referrer',
          'Content-Type': 'text/plain; charset=utf-8',
        })
        .send(
          previewToken === undefined
            ? 'Preview is not enabled on this server.\n'
            : 'This preview link is not valid. Ask for a new one.\n',
        );
      return;
    }
    response.cookie(PREVIEW_COOKIE, token, cookieOptions(request));
    redirect(
      response,
      safeReturnPath(typeof request.query.to === 'string' ? request.query.to : null),
    );
  });

  router.get(PREVIEW_EXIT_PATH, (request, response) => {
    response.clearCookie(PREVIEW_COOKIE, cookieOptions(request));
    redirect(
      response,
      safeReturnPath(typeof request.query.to === 'string' ? request.query.to : null),
    );
  });
  return router;
}
