import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { missingOcrLanguages, ocrLanguageCodes } from './adapters/extraction/ocr/language-data';
import { ldapFilterProblems } from './adapters/ldap/ldap-settings';
import { parseMcpServers, type McpServerSetting } from './adapters/mcp/mcp-servers-setting';

/**
 * The environment, parsed once at start. Nothing else reads process.env: every setting the
 * product has is named here, with its default, so a bad value fails fast with its name.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1'),
);

const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
/**
 * A model reference `<provider>:<model id>`, e.g. `ollama:llama3.2` (model ids may contain colons),
 * or `local:<path to a .gguf file>` for a model Genie runs itself (server/adapters/llm/local).
 */
const modelRef = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(
      /^(openai|anthropic|xai|venice|ollama|openai-compatible|local):.+$/,
      'must be <provider>:<model id> with provider openai, anthropic, xai, venice, ollama, openai-compatible or local',
    )
    .optional(),
);
/** A model's context size in tokens; smaller than 512 would not hold Genie's own instructions. */
const contextTokens = z.preprocess(
  emptyAsUndefined,
  z.coerce.number({ error: 'must be a number of tokens' }).int('must be a whole number of tokens').min(512, 'must be at least 512 tokens').optional(),
);

/** "<in>,<out>": USD per million prompt and completion tokens, each a number of at least 0. */
const modelPrice = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*,\s*\d+(\.\d+)?\s*$/, 'must be "<in>,<out>" in USD per million tokens, e.g. 0.15,0.60')
    .transform((v) => {
      const [input, output] = v.split(',').map((part) => Number(part.trim()));
      return { inPerMillion: input!, outPerMillion: output! };
    })
    .optional(),
);

/** A positive decimal rate, e.g. 65000 or 0.9998. */
const paymentRate = z.preprocess(
  emptyAsUndefined,
  z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a positive decimal such as 65000 or 0.9998').refine((v) => Number(v) > 0, 'must be above 0').optional(),
);

export const configSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** Shared secret of the payment processor's webhook (HMAC-SHA256); unset refuses every webhook. */
  PAYMENTS_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Business wallet addresses shown on the admin Crypto Payments tab; an unset one is not shown. */
  BUSINESS_WALLET_BTC: optionalString,
  BUSINESS_WALLET_ETH: optionalString,
  BUSINESS_WALLET_USDT: optionalString,
  BUSINESS_WALLET_USDC: optionalString,
  BUSINESS_WALLET_SOL: optionalString,
  BUSINESS_WALLET_LTC: optionalString,
  // ── billing (issue 41; README "Payments") ──
  /** USD per one unit of the currency, for invoices paid straight to BUSINESS_WALLET_<CUR>; USDT and USDC are 1 when unset. */
  PAYMENT_RATE_BTC_USD: paymentRate,
  PAYMENT_RATE_ETH_USD: paymentRate,
  PAYMENT_RATE_USDT_USD: paymentRate,
  PAYMENT_RATE_USDC_USD: paymentRate,
  PAYMENT_RATE_SOL_USD: paymentRate,
  PAYMENT_RATE_LTC_USD: paymentRate,
  /** How long an invoice waits to be paid before it expires (BTCPay invoices are given the same). */
  BILLING_INVOICE_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(5).max(7 * 24 * 60).default(60)),
  /** BTCPay Server: when all four are set, invoices are made through its Greenfield API instead of straight to the wallets. */
  BTCPAY_URL: optionalUrl,
  BTCPAY_STORE_ID: optionalString,
  BTCPAY_API_KEY: optionalString,
  /** The secret of the store's webhook pointing at /api/billing/btcpay/webhook (BTCPay-Sig). */
  BTCPAY_WEBHOOK_SECRET: optionalString,
  /** Public demo-request submissions allowed per client address per hour. */
  DEMO_REQUEST_RATE_LIMIT_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(5)),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Off by default on loopback; on when behind a proxy that sets X-Forwarded-For. */
  TRUST_PROXY: booleanFlag,
  /** The built web client to serve; `npm start` builds it here. */
  CLIENT_DIR: z.preprocess(emptyAsUndefined, z.string().default('./dist/client')),
  /** Sign-up, sign-in and admin sign-in attempts allowed per client address per minute (each counted apart). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** Files: any S3-compatible store when S3_BUCKET is set; local disk under DATA_DIR/objects otherwise. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  /** Comma-separated mime types ('image/*' allowed) a user may upload; empty allows every type. */
  UPLOAD_ALLOWED_TYPES: optionalString,
  /** Storage each user may fill, in bytes (SPEC §9: 25 GB). */
  STORAGE_LIMIT_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(25e9)),
  /** Outgoing mail (invitations, password resets): smtp://user:pass@host:port, STARTTLS when offered; smtps:// for TLS at once. Unset sends no mail. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\/[^/]+/, 'must be smtp://user:pass@host:port or smtps://…').optional()),
  /** The From address of that mail, e.g. "Genie <genie@example.com>"; genie@<SMTP host> by default. */
  MAIL_FROM: optionalString,
  /** Password-reset mails one account may be sent per hour; more requests answer the same and send nothing. */
  PASSWORD_RESET_MAILS_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(3)),
  // ── single sign-on (OpenID Connect; README "Single sign-on") ──
  /** The provider's issuer URL (its /.well-known/openid-configuration is read from there); unset turns SSO off. */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** Space-separated scopes asked for; `openid` and `email` are needed to match accounts by email. */
  OIDC_SCOPES: z.preprocess(emptyAsUndefined, z.string().default('openid email profile')),
  /** The provider's name on the button: "Sign in with <OIDC_DISPLAY_NAME>". */
  OIDC_DISPLAY_NAME: z.preprocess(emptyAsUndefined, z.string().max(60).default('SSO')),
  /** New SSO accounts of one email domain share one team (the first one's) instead of one each. */
  OIDC_TEAM_BY_EMAIL_DOMAIN: booleanFlag,
  /** Turns password sign-in, sign-up and reset off: everyone signs in through the provider. */
  OIDC_ONLY: booleanFlag,
  /** Seats of an Enterprise team; unset is unlimited (contract/plan-catalogue.ts seatLimit). */
  ENTERPRISE_SEATS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  // ── company directory sign-in (LDAP; README "LDAP") ──
  /** ldap://host:389 or ldaps://host:636; unset turns directory sign-in off. */
  LDAP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^ldaps?:\/\/[^/]+\/?$/, 'must be ldap://host[:port] or ldaps://host[:port]').optional()),
  /** The service account Genie searches with; unset searches anonymously. */
  LDAP_BIND_DN: optionalString,
  LDAP_BIND_PASSWORD: optionalString,
  /** Where people are searched for (subtree); a person outside it cannot sign in. */
  LDAP_USER_BASE: optionalString,
  /** The search filter; {{username}} is replaced by the typed name, escaped per RFC 4515. */
  LDAP_USER_FILTER: z.preprocess(emptyAsUndefined, z.string().includes('{{username}}', { error: 'must contain {{username}}' }).default('(|(uid={{username}})(mail={{username}}))')),
  /** Upgrade an ldap:// connection with StartTLS before anything is sent. */
  LDAP_STARTTLS: booleanFlag,
  /** PEM file of the CA that signed the directory's certificate (ldaps:// or StartTLS); the system's CAs otherwise. */
  LDAP_TLS_CA_FILE: optionalString,
  /** A group (groupOfNames member / groupOfUniqueNames uniqueMember) whose members get LDAP_GROUP_ROLE in their team. */
  LDAP_ADMIN_GROUP_DN: optionalString,
  LDAP_GROUP_ROLE: z.preprocess(emptyAsUndefined, z.enum(['admin', 'member']).default('admin')),
  /** A filter matching the entries that may NOT sign in (checked on the person's own entry). */
  LDAP_DISABLED_FILTER: z.preprocess(emptyAsUndefined, z.string().default('(|(employeeType=disabled)(pwdAccountLockedTime=*))')),
  /** How long an upload URL stays valid, in seconds. */
  UPLOAD_URL_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(86_400).default(900)),
  /** Minutes between sweeps for abandoned uploads and orphaned objects; 0 sweeps only at start. */
  FILES_CLEANUP_INTERVAL_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(60)),
  /** A JSON request body must arrive whole within this many seconds; an upload may not pause for longer. */
  REQUEST_BODY_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  /** The longest any request, an upload's whole body included, may take to arrive. */
  UPLOAD_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(5).max(86_400).default(3600)),
  /** Scheduled backups (issue 47, README "Backups and upgrades"): the folder archives are written to; unset, none are made. */
  BACKUP_DIR: optionalString,
  /** Hours between scheduled backups. */
  BACKUP_EVERY_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0.01).max(24 * 366).default(24)),
  /** How many scheduled backups are kept in BACKUP_DIR (the oldest beyond are removed). */
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(7)),
  /** Seconds that in-flight requests get to finish after SIGTERM. */
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(600).default(15)),
  // ── models (server/adapters/llm/catalogue.ts; README "Connecting a model provider") ──
  /**
   * The embedding model passages get vectors from (hybrid retrieval, README "Search your
   * documents"): openai:<id>, ollama:<id>, openai-compatible:<id> (any /v1/embeddings), or local:<path>
   * once the local runtime is wired (server/adapters/llm/embeddings.ts). Unset: full-text search alone.
   */
  GENIE_EMBEDDING_MODEL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(openai|ollama|openai-compatible|local):.+$/, 'must be <provider>:<model id> with provider openai, ollama, openai-compatible or local').optional(),
  ),
  /** Characters of a passage (after its file name and heading) sent to be embedded: ~400 tokens of English; lower it for a model with a small context. */
  GENIE_EMBEDDING_MAX_CHARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(100_000).default(1500)),
  /** Each persona's model as `<provider>:<model id>`; unset picks a default from the keys given. */
  GENIE_MODEL_DEFAULT: modelRef,
  GENIE_MODEL_GINO: modelRef,
  GENIE_MODEL_GINA: modelRef,
  GENIE_MODEL_G: modelRef,
  /** What "Powered by …" says for each persona; unset shows a clean form of the model id (model-names.ts). */
  GENIE_MODEL_LABEL_DEFAULT: optionalString,
  GENIE_MODEL_LABEL_GINO: optionalString,
  GENIE_MODEL_LABEL_GINA: optionalString,
  GENIE_MODEL_LABEL_G: optionalString,
  /**
   * Each persona's model price in USD per million tokens, "<in>,<out>" (e.g. "0.15,0.60"), for the
   * team's usage and cost (issue 43); unset counts tokens at no cost.
   */
  MODEL_PRICE_DEFAULT: modelPrice,
  MODEL_PRICE_GINO: modelPrice,
  MODEL_PRICE_GINA: modelPrice,
  MODEL_PRICE_G: modelPrice,
  /**
   * Each persona's model context size in tokens (prompt and reply together); unset uses the
   * provider's usual size (catalogue.ts DEFAULT_CONTEXT_TOKENS), or less once the provider reports less.
   */
  GENIE_MODEL_CONTEXT_DEFAULT: contextTokens,
  GENIE_MODEL_CONTEXT_GINO: contextTokens,
  GENIE_MODEL_CONTEXT_GINA: contextTokens,
  GENIE_MODEL_CONTEXT_G: contextTokens,
  /** The image model for generateImage, `<provider>:<model id>`; unset means image generation is off. */
  GENIE_IMAGE_MODEL: modelRef,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  XAI_API_KEY: optionalString,
  XAI_BASE_URL: optionalUrl,
  VENICE_API_KEY: optionalString,
  VENICE_BASE_URL: optionalUrl,
  OLLAMA_API_KEY: optionalString,
  /** Ollama's OpenAI-compatible address, /v1 included (default http://127.0.0.1:11434/v1 when named). */
  OLLAMA_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  /** Any /v1/chat/completions server (vLLM, LM Studio, llama.cpp server, OpenRouter), /v1 included. */
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl,
  // ── a model inside Genie (`local:<path.gguf>`; server/adapters/llm/local; README "Fully local") ──
  /** CPU threads llama.cpp computes with; one fewer than the physical cores (at least 1) by default. */
  LOCAL_MODEL_THREADS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(256).optional()),
  /** The local model's context in tokens; the size it was trained with (read from the file) by default. */
  LOCAL_MODEL_CONTEXT: contextTokens,
  /**
   * Which llama.cpp build local models run on: auto (Metal on a Mac; CUDA or Vulkan when that build
   * is installed and a GPU answers; else the CPU), cuda, vulkan, metal, or off (the CPU). A GPU
   * named but unusable falls back to the CPU with one log line (llama-gpu.ts; README "Fully local").
   */
  LOCAL_MODEL_GPU: z.preprocess(emptyAsUndefined, z.enum(['auto', 'cuda', 'vulkan', 'metal', 'off']).default('auto')),
  /**
   * Replies the local model writes at once (sequences of one context, decoded in one batch);
   * from memory and cores by default (local-settings.ts), at most 16.
   */
  LOCAL_MODEL_PARALLEL: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(16).optional()),
  /** Load the local model while starting (start fails if it cannot load); otherwise on the first chat. */
  LOCAL_MODEL_PRELOAD: booleanFlag,
  /** Replies that may wait while the local model writes another; one more is answered 429 at once. */
  LOCAL_MODEL_QUEUE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(8)),
  /**
   * Of those, the replies one account may have waiting; one more of its own is answered 429 while
   * other accounts still get in (generation-queue.ts). Waiting replies are served account by account.
   */
  LOCAL_MODEL_QUEUE_PER_ACCOUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(2)),
  /**
   * Whether a new conversation's title is written by its persona's model (one short call after the
   * first reply; chat-title-model.ts). Off keeps the keyword titles, and saves the call.
   */
  GENIE_MODEL_TITLES: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1')),
  /** A provider that sends nothing for this long (before or between tokens) is cut off. */
  MODEL_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
  /** Chat messages a user may send per minute. */
  CHAT_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(20)),
  /** Chat messages per UTC day for free and for premium users. */
  CHAT_DAILY_MESSAGES_FREE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(100)),
  CHAT_DAILY_MESSAGES_PREMIUM: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2000)),
  /** The text-search configuration passages are indexed and searched with (a pg_ts_config name). */
  SEARCH_LANGUAGE: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z_]{1,63}$/, 'must be a text-search configuration name such as english, german or simple').default('english')),
  // ── reading attached files (server/adapters/extraction; README "Settings") ──
  /** Worker processes that extract text at once; one fewer than the CPU cores (1 to 4) by default. */
  EXTRACTION_WORKERS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.min(4, availableParallelism() - 1)))),
  /** Files that may wait for a worker; one more is answered "busy" at once. */
  EXTRACTION_QUEUE_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(200)),
  /** Wall-clock seconds one file may take; a worker past it is killed. */
  EXTRACTION_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).max(3600).default(30)),
  /** Resident memory one worker may use, in MB; a worker past it is killed. */
  EXTRACTION_WORKER_MEMORY_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(64).default(512)),
  /** Larger files are not read for their text at all. */
  EXTRACTION_MAX_FILE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).default(25)),
  /** MB one ZIP entry (a DOCX part) may inflate to, and all of a file's entries together. */
  EXTRACTION_ZIP_ENTRY_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).default(16)),
  EXTRACTION_ZIP_TOTAL_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).default(32)),
  /** A PDF with more pages is not read. */
  EXTRACTION_MAX_PAGES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2000)),
  /** Characters of text kept from one file, whatever a caller asks for. */
  EXTRACTION_MAX_CHARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(1_000_000)),
  // ── OCR: scanned PDF pages and pictures of pages, read in the extraction workers (README "Search your documents") ──
  /** 'off' reads no picture: scanned PDFs have no text and image files are not searched. */
  OCR: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  /** Tesseract languages joined by '+', each installed as npm @tesseract.js-data/<code>. */
  OCR_LANGUAGES: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z_]{3,16}(\+[a-z_]{3,16})*$/, 'must be Tesseract language codes joined by +, such as eng or eng+deu').default('eng')),
  /** Scanned pages of one file read at most; the rest are named in the file's note. */
  OCR_MAX_PAGES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(200)),
  // ── MCP tools in chat (issue 40; README "API and MCP") ──
  /** JSON array of MCP servers: {name, command, args?, env?} (stdio) or {name, url, headers?} (streamable HTTP). */
  MCP_SERVERS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((text, ctx): McpServerSetting[] => {
        const parsed = parseMcpServers(text);
        if ('problem' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed.servers;
      }),
  ),
  /** Milliseconds one tool call (and one connection attempt with its tool list) may take. */
  MCP_TOOL_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  /** Characters of a tool's result kept and shown to the model; the rest is cut with a note. */
  MCP_TOOL_RESULT_MAX_CHARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(1_000_000).default(20_000)),
  /** Seconds a tool call waits for the user's Allow; after that it counts as denied. */
  MCP_APPROVAL_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).max(3600).default(300)),
  /** Tool rounds one reply may make before the model must answer in words. */
  MCP_MAX_TOOL_ROUNDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(20).default(5)),
});

export type Config = z.infer<typeof configSchema>;

/** Settings that are only valid together (zod's object parse checks each one alone). */
function crossChecks(config: Config): string[] {
  const problems: string[] = [];
  if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID) problems.push('  OIDC_CLIENT_ID: is required when OIDC_ISSUER is set');
  if (config.OIDC_ONLY && !config.OIDC_ISSUER) problems.push('  OIDC_ONLY: needs OIDC_ISSUER (nobody could sign in)');
  if (config.OIDC_ISSUER && !config.OIDC_SCOPES.split(/\s+/).includes('openid')) problems.push('  OIDC_SCOPES: must include openid');
  if (config.LDAP_URL && !config.LDAP_USER_BASE) problems.push('  LDAP_USER_BASE: is required when LDAP_URL is set');
  if (config.LDAP_BIND_DN && !config.LDAP_BIND_PASSWORD) problems.push('  LDAP_BIND_PASSWORD: is required when LDAP_BIND_DN is set');
  if (config.LDAP_STARTTLS && config.LDAP_URL?.startsWith('ldaps:')) problems.push('  LDAP_STARTTLS: ldaps:// is TLS already; use ldap:// with StartTLS');
  if (config.LDAP_URL) for (const problem of ldapFilterProblems(config)) problems.push(problem);
  const btcpay = [config.BTCPAY_URL, config.BTCPAY_STORE_ID, config.BTCPAY_API_KEY, config.BTCPAY_WEBHOOK_SECRET];
  if (btcpay.some(Boolean) && !btcpay.every(Boolean)) problems.push('  BTCPAY_URL: BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET are needed together');
  if (config.OCR === 'on') for (const problem of missingOcrLanguages(ocrLanguageCodes(config.OCR_LANGUAGES))) problems.push(`  OCR_LANGUAGES: ${problem}`);
  return problems;
}

export class ConfigError extends Error {}

/** Parses the environment, naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossChecks(parsed.data);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return parsed.data;
}
