// A load generator in its own process (the server under test keeps its CPU): autocannon with `connections`
// connections for `seconds`, each request taking the next of `paths` in turn. Prints autocannon's result
// as JSON, with how many requests took a path already taken (`repeated`: 0 when the paths outnumber the
// requests). Usage: node bench/load-paths.mjs '{"base":"http://127.0.0.1:3000","paths":["/a"],"connections":50,"seconds":8}'
// or the path of a file holding that JSON (long lists of paths); optionally "headers": {...}, sent with
// every request.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const input = process.argv[2] ?? '{}';
const job = JSON.parse(input.startsWith('{') ? input : readFileSync(input, 'utf8'));
const { base, paths, connections, seconds, headers = {} } = job;
let next = 0;
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  headers,
  requests: [
    {
      setupRequest(request) {
        const path = paths[next % paths.length];
        next += 1;
        return { ...request, path };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    repeated: Math.max(0, result.requests.total - paths.length),
  }),
);
