// A load generator in its own process (the server under test keeps its CPU): autocannon with `connections`
// connections for `seconds`, each request taking the next of `paths` in turn. Prints autocannon's result
// as JSON. Usage: node bench/load-paths.mjs '{"base":"http://127.0.0.1:3000","paths":["/a"],"connections":50,"seconds":8}'
// (optionally "headers": {...}, sent with every request).
import autocannon from 'autocannon';

const { base, paths, connections, seconds, headers = {} } = JSON.parse(process.argv[2] ?? '{}');
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
  }),
);
