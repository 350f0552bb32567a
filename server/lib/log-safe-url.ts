/** Query parameters that carry a secret: a reset link's token, an OAuth code and state. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'session_state', 'id_token', 'access_token']);

/**
 * The request URL as the log may show it: the values of secret query parameters are replaced, so
 * a reset link opened in the browser (`/reset-password?token=…`) or the provider's redirect back
 * (`/api/auth/oidc/callback?code=…`) leaves nothing usable in the request log.
 */
export function logSafeUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}
