// Loaded with `--import` (through NODE_OPTIONS, which the local model's process is given too):
// records that it was loaded and by which entry file, then every outbound TCP connection and every
// host name lookup the process makes, one JSON line each, to the file named by GENIE_EGRESS_LOG. net.Socket.prototype.connect is where net.connect,
// tls.connect, http(s) and fetch (undici) all end up, so wrapping it sees them all.
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';

const log = process.env.GENIE_EGRESS_LOG;
if (log) {
  const record = (entry) => {
    try {
      appendFileSync(log, `${JSON.stringify({ pid: process.pid, ...entry })}\n`);
    } catch {
      // The log is for the test; a failure to write it must not change what Genie does.
    }
  };

  record({ kind: 'start', entry: String(process.argv[1] ?? '') });

  const originalConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function connect(...args) {
    // net.connect passes one normalized array ([options, callback]); direct callers pass
    // (options), (port, host) or (path).
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    if (first && typeof first === 'object') {
      if (first.path) record({ kind: 'ipc', path: String(first.path) });
      else record({ kind: 'tcp', host: first.host ?? 'localhost', port: Number(first.port) });
    } else if (typeof first === 'number' || /^\d+$/.test(String(first))) {
      record({ kind: 'tcp', host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) });
    } else if (typeof first === 'string') {
      record({ kind: 'ipc', path: first });
    }
    return originalConnect.apply(this, args);
  };

  const originalLookup = dns.lookup;
  dns.lookup = function lookup(hostname, ...rest) {
    record({ kind: 'dns', host: String(hostname) });
    return originalLookup.call(this, hostname, ...rest);
  };
  const originalPromisesLookup = dns.promises.lookup;
  dns.promises.lookup = function lookup(hostname, ...rest) {
    record({ kind: 'dns', host: String(hostname) });
    return originalPromisesLookup.call(this, hostname, ...rest);
  };
}
