import { GetBucketCorsCommand, PutBucketCorsCommand, type CORSRule, type S3Client } from '@aws-sdk/client-s3';

/**
 * Browsers PUT file bytes straight to the bucket with the presigned URL Genie hands out: a
 * cross-origin request, which the browser sends only after the bucket's CORS rules allow it (its
 * preflight). A fresh bucket on Ceph RGW, MinIO or AWS has no rules, so every upload from the page
 * failed while the API's own tests, which PUT from Node, passed (found by tests/peers/ceph-browser).
 *
 * At start Genie checks the rules once. A bucket with no rules gets one that lets Genie's page PUT
 * (the signature in the URL still decides what may be written, so the rule grants no access of its
 * own), marked with its own ID so that a later start with another PUBLIC_URL replaces it. Rules
 * without that ID are the operator's: Genie never changes them, and says in one sentence what is
 * missing when they do not let the page upload.
 */
export const GENIE_RULE_ID = 'genie-browser-uploads';


/** What a rule must allow: PUT from the page's origin with the headers the page sends. */
export function allowsBrowserPut(rules: CORSRule[], origin: string): boolean {
  return rules.some(
    (rule) =>
      (rule.AllowedMethods ?? []).some((method) => method.toUpperCase() === 'PUT') &&
      (rule.AllowedOrigins ?? []).some((allowed) => allowed === '*' || allowed === origin) &&
      (rule.AllowedHeaders ?? []).some((header) => header === '*' || header.toLowerCase() === 'content-type'),
  );
}

export function browserPutRule(origin: string): CORSRule {
  return { ID: GENIE_RULE_ID, AllowedMethods: ['PUT'], AllowedOrigins: [origin], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3600 };
}

const errorName = (error: unknown) => (error as { name?: string; Code?: string })?.name ?? (error as { Code?: string })?.Code;

/**
 * Makes sure browsers at `origin` (PUBLIC_URL's origin; any origin when it is unset, since the
 * address the page is served from is not known then) may upload. Resolves with a sentence for the
 * log when they may not, or null.
 */
export async function ensureBrowserUploads(client: S3Client, bucket: string, origin: string): Promise<string | null> {
  const fix = `add a CORS rule to bucket ${bucket} allowing PUT from ${origin} with any header (README, "Files and storage")`;
  let rules: CORSRule[] | undefined;
  try {
    rules = (await client.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules ?? [];
  } catch (error) {
    if (errorName(error) !== 'NoSuchCORSConfiguration') {
      return `Could not read the CORS rules of bucket ${bucket} (${errorName(error) ?? 'error'}): uploads from the browser work only if they allow PUT from ${origin}; if they do not, ${fix}.`;
    }
  }
  rules ??= [];
  if (allowsBrowserPut(rules, origin)) return null;
  const operators = rules.filter((rule) => rule.ID !== GENIE_RULE_ID);
  if (operators.length === rules.length && rules.length > 0) {
    return `Bucket ${bucket} has CORS rules that do not allow PUT from ${origin}, so uploads from the browser will fail: ${fix}.`;
  }
  try {
    await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [...operators, browserPutRule(origin)] } }));
    return null;
  } catch (error) {
    return `Bucket ${bucket} has no CORS rules and Genie may not set them (${errorName(error) ?? 'error'}), so uploads from the browser will fail: ${fix}.`;
  }
}
