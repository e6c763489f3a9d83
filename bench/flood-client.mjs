// A render flood for bench/load.mjs, in a process of its own so the probes it is measured against
// are not queued behind the load generator in one event loop. Prints autocannon's answer counts
// and latency as one JSON line.
//   node bench/flood-client.mjs <origin> <connections> <seconds>
import autocannon from "autocannon";

const [origin, connections, seconds] = process.argv.slice(2);
const codes = {};
let n = 0;
const flood = autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  timeout: 20,
  requests: [
    {
      // A search never made, each time: no cache holds it. Addresses spread over a /16 so the
      // per-address limits never answer instead of the renderer.
      setupRequest: (req) => ({
        ...req,
        path: `/search?term=flood${(n++).toString(36)}`,
        headers: { "X-Forwarded-For": `10.200.${(n >> 8) & 255}.${n & 255}` },
      }),
    },
  ],
});
flood.on("response", (_client, statusCode) => (codes[statusCode] = (codes[statusCode] ?? 0) + 1));
const result = await flood;
console.log(JSON.stringify({ total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, codes }));
