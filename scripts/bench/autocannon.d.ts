// The part of autocannon's API the benchmarks use (the package ships no type declarations).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    warmup?: { connections?: number; duration?: number };
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '5xx': number;
    duration: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
