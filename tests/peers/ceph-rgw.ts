/**
 * A real S3 peer for tests: a one-node Ceph cluster on loopback (one monitor, one `memstore` OSD)
 * with the RADOS Gateway (radosgw) in front, in a temp directory, from Debian's `ceph-mon
 * ceph-osd radosgw` packages (.ci/run installs them). Startup creates an S3 user and one bucket;
 * stop() kills the daemons and removes the directory.
 *
 *   const rgw = await startCephRgw();   // rgw.env: the S3_* settings that point Genie at it
 *   await rgw.stop();
 *
 * What Ceph needs on loopback, learned the hard way: no cephx (`auth_*_required = none`), crc on
 * the wire (`ms_*_mode = crc`, or radosgw loops on "get_initial_auth_request returned -13"),
 * pools of size 1, and patience: the first CreateBucket waits for radosgw's pools (~15 s).
 *
 * A missing binary or a daemon that does not come up throws with the daemon's log tail: a run
 * that cannot start the peer fails loudly instead of skipping.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '../support/free-port';

const run = promisify(execFile);

export interface CephRgw {
  /** S3_* settings that point Genie at this gateway and its bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

const BINARIES = ['monmaptool', 'ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph'];

export async function startCephRgw(bucket = 'genie-test'): Promise<CephRgw> {
  const missing = BINARIES.filter((name) => !['/usr/bin', '/usr/sbin'].some((dir) => existsSync(join(dir, name))));
  if (missing.length > 0) {
    throw new Error(`Ceph RGW cannot start: ${missing.join(', ')} not installed (apt-get install ceph-mon ceph-osd radosgw; .ci/run does this)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'genie-ceph-'));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const fsid = randomUUID();
  const conf = join(dir, 'ceph.conf');
  mkdirSync(join(dir, 'run'));
  mkdirSync(join(dir, 'rgw'));
  writeFileSync(join(dir, 'keyring'), '');
  writeFileSync(
    conf,
    `[global]
fsid = ${fsid}
mon host = 127.0.0.1:${monPort}
mon initial members = a
auth cluster required = none
auth service required = none
auth client required = none
ms client mode = crc
ms mon client mode = crc
ms cluster mode = crc
ms service mode = crc
ms bind ipv6 = false
ms bind msgr1 = false
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon warn on pool no redundancy = false
osd pool default pg num = 8
osd pool default pgp num = 8
mon max pg per osd = 1000
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = 1073741824
osd data = ${dir}/osd.$id
mon data = ${dir}/mon.$id
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/$name.log
keyring = ${dir}/keyring
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
rgw thread pool size = 32
`,
  );
  const c = ['--conf', conf];
  const daemons: number[] = [];
  const stop = async () => {
    for (const pid of daemons.reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  /** Starts a daemon in the foreground (-f), so its pid is ours to kill and it dies with us. */
  const daemon = (binary: string, args: string[]) => {
    const child = spawn(binary, [...c, '-f', ...args], { stdio: 'ignore', detached: false });
    if (child.pid) daemons.push(child.pid);
    child.unref();
  };
  const logTail = (name: string) => {
    const file = join(dir, `${name}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(no log)';
  };

  try {
    await run('monmaptool', ['--create', '--add', 'a', `127.0.0.1:${monPort}`, '--fsid', fsid, join(dir, 'monmap')]);
    await run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', join(dir, 'monmap')]);
    daemon('ceph-mon', ['-i', 'a']);
    await waitFor('the Ceph monitor', 60_000, async () => (await run('ceph', [...c, '--connect-timeout', '5', 'mon', 'stat'])).stdout.includes('quorum'), () => logTail('mon.a'));

    const osdId = (await run('ceph', [...c, 'osd', 'create'])).stdout.trim();
    mkdirSync(join(dir, `osd.${osdId}`));
    await run('ceph-osd', [...c, '-i', osdId, '--mkfs']);
    daemon('ceph-osd', ['-i', osdId]);
    await waitFor('the Ceph OSD', 90_000, async () => /1 up/.test((await run('ceph', [...c, 'osd', 'stat'])).stdout), () => logTail(`osd.${osdId}`));

    daemon('radosgw', ['-n', 'client.rgw.a']);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitFor('radosgw', 120_000, async () => (await fetch(endpoint).catch(() => undefined))?.status === 200, () => logTail('client.rgw.a'));

    const accessKeyId = `GENIE${randomBytes(6).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(20).toString('hex');
    await run('radosgw-admin', [...c, '-n', 'client.rgw.a', 'user', 'create', '--uid=genie', '--display-name=Genie tests', `--access-key=${accessKeyId}`, `--secret=${secretAccessKey}`]);
    const s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
    // The first bucket waits for radosgw to create its data pools.
    await waitFor('the first bucket', 120_000, async () => {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      return true;
    }, () => logTail('client.rgw.a'));
    s3.destroy();
    return {
      endpoint,
      bucket,
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitFor(what: string, timeoutMs: number, ready: () => Promise<boolean>, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await ready()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const reason = last instanceof Error ? last.message : 'not ready';
  throw new Error(`Ceph RGW cannot start: ${what} was not ready in ${timeoutMs / 1000} s (${reason}). Log:\n${log()}`);
}

