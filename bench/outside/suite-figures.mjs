// Per outside figure: the matching in-suite figure already in bench/results.md (its value and the
// date of its run, copied by hand on 2026-11-28 from the table bench/run.ts writes), the target
// (issue 48's, or the issue the figure came from) and how the outside value is judged against it.
// `compare` names the outside field that measures the same thing as the suite's value.

const CHAT_DATE = '2026-11-27T16:00:57Z';
/** Why the outside chat figures part from the suite's and miss the targets, as far as can be seen from outside. */
const CHAT_GAP =
  "each chat comes from its own account (its session is read from the database, not from the cache the suite's single account keeps warm) " +
  "and model titles are on, their default (a second model call for each new conversation); the suite's figure has neither";

const READ_GAP =
  "Genie's work per request (the session cookie resolved, its hooks and headers) on the core the generator leaves it; the suite's node:http generator could not saturate bare Fastify, which flattered its ratio";

export const SUITE = {
  'chat-1-PGlite': {
    gap: "the suite's floor at 1 at once is the fake model server directly; here it is the 30-line proxy, whose own hop is left out of the overhead", value: 5.1, text: '5.1 ms (against the fake directly, not the proxy)', date: CHAT_DATE, target: 'overhead < 5 ms', met: (r) => r.value < 5 },
  'chat-1-PostgreSQL': {
    gap: "the suite's floor at 1 at once is the fake model server directly; here it is the 30-line proxy, whose own hop is left out of the overhead", value: 5.7, text: '5.7 ms (against the fake directly, not the proxy)', date: CHAT_DATE, target: 'overhead < 5 ms', met: (r) => r.value < 5 },
  'chat-20-PGlite': {
    gap: CHAT_GAP,
    value: 11.6,
    text: '11.6 ms (one account, titles off)',
    date: CHAT_DATE,
    target: 'overhead < 15 ms and total ≤ 1.05× the proxy',
    met: (r) => r.value < 15 && r.totalRatio <= 1.05,
  },
  'chat-20-PostgreSQL': {
    gap: CHAT_GAP,
    value: 13.5,
    text: '13.5 ms (one account, titles off)',
    date: CHAT_DATE,
    target: 'overhead < 15 ms and total ≤ 1.05× the proxy',
    met: (r) => r.value < 15 && r.totalRatio <= 1.05,
  },
  'chat-100-PGlite': {
    gap: CHAT_GAP, value: null, text: 'none in the suite', date: '', target: 'none (issue 48 sets 20 and 200)', met: () => null },
  'chat-100-PostgreSQL': {
    gap: CHAT_GAP, value: null, text: 'none in the suite', date: '', target: 'none (issue 48 sets 20 and 200)', met: () => null },
  'chat-200-PGlite': {
    gap: CHAT_GAP,
    value: 1.43,
    compare: 'totalRatio',
    text: "total 1.43× (against the fake directly, not the proxy)",
    date: CHAT_DATE,
    target: 'total ≤ 1.10× the proxy',
    met: (r) => r.totalRatio <= 1.1,
  },
  'chat-200-PostgreSQL': {
    gap: CHAT_GAP,
    value: 1.36,
    compare: 'totalRatio',
    text: 'total 1.36× (against the fake directly, not the proxy)',
    date: CHAT_DATE,
    target: 'total ≤ 1.10× the proxy',
    met: (r) => r.totalRatio <= 1.1,
  },
  'read-PGlite': { gap: READ_GAP,  value: 0.67, text: '0.67 (17434 / 25007 req/s)', date: '2026-11-24T23:27:00Z', target: '≥ 0.5 of bare Fastify', met: (r) => r.value >= 0.5 },
  'read-PostgreSQL': { gap: READ_GAP,  value: 0.6, text: '0.60 (14626 / 25110 req/s)', date: '2026-11-24T23:27:00Z', target: '≥ 0.5 of bare Fastify', met: (r) => r.value >= 0.5 },
  restart: { gap: "timed from spawning npm, whose own start and scripts/start.mjs's check of the client's and server's sources for a rebuild come before the server's; the suite spawns dist/server/main.js itself",  value: 1124.7, text: '1124.7 ms (compiled server spawned directly, not npm)', date: CHAT_DATE, target: '< 1500 ms', met: (r) => r.value < 1500 },
  'group-rss': { gap: 'npm stays resident as the parent of the server it runs (its share is in the figure); the server alone is the rest, read 10 s after the start, when its periodic jobs have begun, where the suite reads it at 3 s',  value: 228, text: '228 MB (the server process alone, 3 s after a restart)', date: CHAT_DATE, target: '< 250 MB', met: (r) => r.value < 250 },
  orphan: { value: null, text: 'none in the suite', date: '', target: '0 left running', met: (r) => r.value === 0 },
  'files-1000': { gap: "here the 1,000 files are in Home; the suite's folder of 1,000 sits in a library of 100,000",  value: 12, text: '12 ms (a folder of 1,000 of 100,000 files)', date: '2026-11-24T23:27:00Z', target: 'median < 20 ms', met: (r) => r.value < 20 },
  'files-10000': { gap: "here all 10,000 files are in Home, one folder; the suite's figure is a team's Home of 10 folders",  value: 13.55, text: "13.55 ms (a team's 10,000 files)", date: '2026-11-24T13:31:51Z', target: 'median < 20 ms', met: (r) => r.value < 20 },
  'search-1000': { gap: "over HTTP with the session and the response around it; the suite times the service's call alone",  value: 50.19, text: "p95 50.19 ms (the service, not HTTP)", date: '2026-11-28T17:35:38Z', target: 'p95 < 200 ms', met: (r) => r.value < 200 },
  'search-10000': { gap: "over HTTP with the session and the response around it; the suite times the service's call alone",  value: 130.08, text: "p95 130.08 ms (the service, not HTTP)", date: '2026-11-28T17:35:38Z', target: 'p95 < 200 ms', met: (r) => r.value < 200 },
};
