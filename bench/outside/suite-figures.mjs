// Per outside figure: the matching in-suite figure already in bench/results.md (its value and the
// date of its run, copied by hand on 2026-11-28 from the table bench/run.ts writes), the target
// (issue 48's, or the issue the figure came from) and how the outside value is judged against it.
// `compare` names the outside field that measures the same thing as the suite's value.

const CHAT_DATE = '2026-11-27T16:00:57Z';

export const SUITE = {
  'chat-1-PGlite': { value: 5.1, text: '5.1 ms (against the fake directly, not the proxy)', date: CHAT_DATE, target: 'overhead < 5 ms', met: (r) => r.value < 5 },
  'chat-1-PostgreSQL': { value: 5.7, text: '5.7 ms (against the fake directly, not the proxy)', date: CHAT_DATE, target: 'overhead < 5 ms', met: (r) => r.value < 5 },
  'chat-20-PGlite': {
    value: 11.6,
    text: '11.6 ms (one account, titles off)',
    date: CHAT_DATE,
    target: 'overhead < 15 ms and total ≤ 1.05× the proxy',
    met: (r) => r.value < 15 && r.totalRatio <= 1.05,
  },
  'chat-20-PostgreSQL': {
    value: 13.5,
    text: '13.5 ms (one account, titles off)',
    date: CHAT_DATE,
    target: 'overhead < 15 ms and total ≤ 1.05× the proxy',
    met: (r) => r.value < 15 && r.totalRatio <= 1.05,
  },
  'chat-100-PGlite': { value: null, text: 'none in the suite', date: '', target: 'none (issue 48 sets 20 and 200)', met: () => null },
  'chat-100-PostgreSQL': { value: null, text: 'none in the suite', date: '', target: 'none (issue 48 sets 20 and 200)', met: () => null },
  'chat-200-PGlite': {
    value: 1.43,
    compare: 'totalRatio',
    text: "total 1.43× (against the fake directly, not the proxy)",
    date: CHAT_DATE,
    target: 'total ≤ 1.10× the proxy',
    met: (r) => r.totalRatio <= 1.1,
  },
  'chat-200-PostgreSQL': {
    value: 1.36,
    compare: 'totalRatio',
    text: 'total 1.36× (against the fake directly, not the proxy)',
    date: CHAT_DATE,
    target: 'total ≤ 1.10× the proxy',
    met: (r) => r.totalRatio <= 1.1,
  },
  'read-PGlite': { value: 0.67, text: '0.67 (17434 / 25007 req/s)', date: '2026-11-24T23:27:00Z', target: '≥ 0.5 of bare Fastify', met: (r) => r.value >= 0.5 },
  'read-PostgreSQL': { value: 0.6, text: '0.60 (14626 / 25110 req/s)', date: '2026-11-24T23:27:00Z', target: '≥ 0.5 of bare Fastify', met: (r) => r.value >= 0.5 },
  restart: { value: 1124.7, text: '1124.7 ms (compiled server spawned directly, not npm)', date: CHAT_DATE, target: '< 1500 ms', met: (r) => r.value < 1500 },
  'group-rss': { value: 228, text: '228 MB (the server process alone, 3 s after a restart)', date: CHAT_DATE, target: '< 250 MB', met: (r) => r.value < 250 },
  orphan: { value: null, text: 'none in the suite', date: '', target: '0 left running', met: (r) => r.value === 0 },
  'files-1000': { value: 12, text: '12 ms (a folder of 1,000 of 100,000 files)', date: '2026-11-24T23:27:00Z', target: 'median < 20 ms', met: (r) => r.value < 20 },
  'files-10000': { value: 13.55, text: "13.55 ms (a team's 10,000 files)", date: '2026-11-24T13:31:51Z', target: 'median < 20 ms', met: (r) => r.value < 20 },
  'search-1000': { value: 50.19, text: "p95 50.19 ms (the service, not HTTP)", date: '2026-11-28T17:35:38Z', target: 'p95 < 200 ms', met: (r) => r.value < 200 },
  'search-10000': { value: 130.08, text: "p95 130.08 ms (the service, not HTTP)", date: '2026-11-28T17:35:38Z', target: 'p95 < 200 ms', met: (r) => r.value < 200 },
};
