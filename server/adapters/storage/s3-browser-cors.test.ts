import { GetBucketCorsCommand, PutBucketCorsCommand, type CORSRule, type S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { allowsBrowserPut, browserPutRule, ensureBrowserUploads } from './s3-browser-cors';

/** A bucket's CORS state as S3 answers it; the real store is exercised in tests/peers/ceph-browser. */
function bucket(state: { rules?: CORSRule[]; putDenied?: boolean; readDenied?: boolean }) {
  const puts: CORSRule[][] = [];
  const client = {
    send: async (command: unknown) => {
      if (command instanceof GetBucketCorsCommand) {
        if (state.readDenied) throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
        if (!state.rules) throw Object.assign(new Error('none'), { name: 'NoSuchCORSConfiguration' });
        return { CORSRules: state.rules };
      }
      if (command instanceof PutBucketCorsCommand) {
        if (state.putDenied) throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
        puts.push(command.input.CORSConfiguration!.CORSRules!);
        return {};
      }
      throw new Error('unexpected command');
    },
  } as unknown as S3Client;
  return { client, puts };
}

describe('CORS rules for uploads from the browser', () => {
  it('knows which rules let the page PUT', () => {
    const origin = 'https://genie.example.com';
    expect(allowsBrowserPut([browserPutRule(origin)], origin)).toBe(true);
    expect(allowsBrowserPut([{ AllowedMethods: ['GET', 'PUT'], AllowedOrigins: ['*'], AllowedHeaders: ['Content-Type'] }], origin)).toBe(true);
    expect(allowsBrowserPut([{ AllowedMethods: ['GET'], AllowedOrigins: ['*'], AllowedHeaders: ['*'] }], origin)).toBe(false);
    expect(allowsBrowserPut([{ AllowedMethods: ['PUT'], AllowedOrigins: ['https://other.example.com'], AllowedHeaders: ['*'] }], origin)).toBe(false);
    expect(allowsBrowserPut([{ AllowedMethods: ['PUT'], AllowedOrigins: [origin] }], origin)).toBe(false); // the page sends Content-Type
  });

  it('sets a PUT rule for the origin on a bucket that has no rules', async () => {
    const { client, puts } = bucket({});
    await expect(ensureBrowserUploads(client, 'files', 'https://genie.example.com')).resolves.toBeNull();
    expect(puts).toEqual([[browserPutRule('https://genie.example.com')]]);
  });

  it('leaves an operator\'s rules alone, and says what is missing when they do not allow the page', async () => {
    const theirs = bucket({ rules: [{ AllowedMethods: ['GET'], AllowedOrigins: ['*'] }] });
    await expect(ensureBrowserUploads(theirs.client, 'files', 'https://genie.example.com')).resolves.toBe(
      'Bucket files has CORS rules that do not allow PUT from https://genie.example.com, so uploads from the browser will fail: add a CORS rule to bucket files allowing PUT from https://genie.example.com with any header (README, "Files and storage").',
    );
    expect(theirs.puts).toEqual([]);
    const fine = bucket({ rules: [browserPutRule('*')] });
    await expect(ensureBrowserUploads(fine.client, 'files', 'https://genie.example.com')).resolves.toBeNull();
    expect(fine.puts).toEqual([]);
  });

  it('replaces its own earlier rule (another PUBLIC_URL) and keeps the operator\'s rules beside it', async () => {
    const operators: CORSRule = { AllowedMethods: ['GET'], AllowedOrigins: ['https://intranet.example.com'] };
    const { client, puts } = bucket({ rules: [operators, browserPutRule('https://old.example.com')] });
    await expect(ensureBrowserUploads(client, 'files', 'https://genie.example.com')).resolves.toBeNull();
    expect(puts).toEqual([[operators, browserPutRule('https://genie.example.com')]]);
  });

  it('says so when it may neither read nor set the rules', async () => {
    await expect(ensureBrowserUploads(bucket({ putDenied: true }).client, 'files', '*')).resolves.toBe(
      'Bucket files has no CORS rules and Genie may not set them (AccessDenied), so uploads from the browser will fail: add a CORS rule to bucket files allowing PUT from * with any header (README, "Files and storage").',
    );
    await expect(ensureBrowserUploads(bucket({ readDenied: true }).client, 'files', '*')).resolves.toBe(
      'Could not read the CORS rules of bucket files (AccessDenied): uploads from the browser work only if they allow PUT from *; if they do not, add a CORS rule to bucket files allowing PUT from * with any header (README, "Files and storage").',
    );
  });
});
