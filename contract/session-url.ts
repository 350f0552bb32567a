/**
 * GET /api/auth/session: the web client's "who is signed in?" (contract/auth.ts
 * sessionResponseSchema). Its own zod-free file: the landing page's header and the first script of
 * every page name it, and they must not ship a validation library.
 */
export const SESSION_URL = '/api/auth/session';
