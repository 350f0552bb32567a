import { describe, expect, it } from 'vitest';
import { presignedUrlOrigins, S3Store, type S3StoreOptions } from './s3-store';

/** The page's CSP must allow exactly where the SDK's presigned URLs point (found against Ceph RGW). */
describe('the origins of presigned upload URLs', () => {
  const cases: Array<[string, S3StoreOptions, string]> = [
    ['a self-hosted store by path', { bucket: 'genie', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }, 'http://127.0.0.1:9000'],
    ['a store by subdomain', { bucket: 'genie', region: 'auto', endpoint: 'https://r2.example.com' }, 'https://genie.r2.example.com'],
    ['AWS in one region', { bucket: 'genie-files', region: 'eu-west-1' }, 'https://genie-files.s3.eu-west-1.amazonaws.com'],
    ['AWS in us-east-1', { bucket: 'genie-files', region: 'us-east-1' }, 'https://genie-files.s3.us-east-1.amazonaws.com'],
    ['AWS with a dotted bucket name', { bucket: 'files.genie', region: 'eu-west-1' }, 'https://s3.eu-west-1.amazonaws.com'],
  ];
  it.each(cases)('%s', async (_name, options, expected) => {
    const store = new S3Store({ ...options, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' });
    const presigned = new URL(await store.presignPut('users/u1/object', 60));
    expect(presigned.origin).toBe(expected);
    expect(presignedUrlOrigins(options)).toContain(expected);
    expect(store.uploadOrigins()).toContain(presigned.origin);
  });
});
