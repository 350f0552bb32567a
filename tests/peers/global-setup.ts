import type { TestProject } from 'vitest/node';
import { startCephRgw } from './ceph-rgw';

declare module 'vitest' {
  export interface ProvidedContext {
    /** S3_* settings of the one Ceph RGW this run started, with its own empty bucket. */
    cephRgwEnv: Record<string, string>;
  }
}

/** Starts Ceph RGW once for the whole peers run (~30–60 s); a cluster that cannot start fails the run. */
export default async function setup(project: TestProject) {
  const rgw = await startCephRgw();
  project.provide('cephRgwEnv', rgw.env);
  return () => rgw.stop();
}
