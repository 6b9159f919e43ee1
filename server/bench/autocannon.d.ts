// autocannon ships no type declarations; the bench only reads a few numbers from its result.
declare module 'autocannon' {
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    duration: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  }
  function autocannon(options: Record<string, unknown>): Instance;
  function autocannon(options: Record<string, unknown>, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
