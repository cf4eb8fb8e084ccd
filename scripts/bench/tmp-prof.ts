import autocannon from 'autocannon';
import { startCadranServer } from './lib/server';
const target = process.argv[2] ?? '/api/v1/website/roadmap';
const server = await startCadranServer({
  env: { LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '100000', NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' },
});
try {
  await fetch(`${server.url}${target}`);
  const r = await autocannon({ url: `${server.url}${target}`, connections: 50, duration: 8 });
  console.log(target, Math.round(r['2xx'] / r.duration), 'req/s', r.latency.p99, 'ms p99');
} finally {
  await server.stop();
}
