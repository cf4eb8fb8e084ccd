import { fuzzSuite } from './fuzz-suite';

// Shard 1 of the route fuzzer (see fuzz-suite.ts): half the routes, on its own worker.
await fuzzSuite(0, 2);
