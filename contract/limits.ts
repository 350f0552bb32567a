/** Business constants of SPEC §9, shared by the client and the server. */
export const UPLOAD_MAX_FILES_PER_PICK = 10;
export const UPLOAD_MAX_FILE_BYTES = 104_857_600;
export const STORAGE_LIMIT_BYTES = 25e9;
/** Files one bulk import (a ZIP, or a dropped folder) takes at most (issue 39). */
export const IMPORT_MAX_FILES = 2000;
export const PLATFORM_FEE_RATE = 0.05;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 40;

/** Polling intervals of SPEC §9, in milliseconds. */
export const POLL_SCHEMES_MS = 5_000;
export const POLL_PROMOS_MS = 3_000;
export const POLL_ADMIN_MS = 30_000;
