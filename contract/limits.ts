/** Business constants of SPEC §9, shared by the client and the server. */
export const UPLOAD_MAX_FILES_PER_PICK = 10;
export const UPLOAD_MAX_FILE_BYTES = 104_857_600;
export const STORAGE_LIMIT_BYTES = 25e9;
/** Files one bulk import (a ZIP, or a dropped folder) takes at most (issue 39). */
export const IMPORT_MAX_FILES = 2000;
/**
 * Files of a dropped folder the client uploads at once (issue 39). Each upload is four short
 * requests whose round trips, one file at a time, leave the server idle between
 * (bench/searchable-library.bench.ts); three overlap them, stay under the server's four uploads
 * in flight per user (UPLOADS_IN_FLIGHT_PER_USER), and leave the browser's other connections to
 * the host (six on HTTP/1.1) for the chat's stream and the page's reads.
 */
export const IMPORT_UPLOADS_AT_ONCE = 3;
export const PLATFORM_FEE_RATE = 0.05;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 40;

/** Polling intervals of SPEC §9, in milliseconds. */
export const POLL_SCHEMES_MS = 5_000;
export const POLL_PROMOS_MS = 3_000;
export const POLL_ADMIN_MS = 30_000;
