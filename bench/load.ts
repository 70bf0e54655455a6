// @ts-expect-error autocannon ships no types; its result fields used below are documented in its README.
import autocannon from "autocannon";

/**
 * The load generator, in a process of its own: inside the server's process it would share the one event loop it
 * measures. Reads its options as JSON in argv[2]; a body holding `{seq}` gets a number unique to each request (a new
 * email per submission, say); `tokens` gives each connection its own user. Prints the run's figures as JSON on its
 * last line.
 */
type LoadOptions = {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  method: "GET" | "POST";
  bodyTemplate?: string;
  /** One bearer token per connection, for a load of several users at once (each with their own per-user limits). */
  tokens?: string[];
};

const options: LoadOptions = JSON.parse(process.argv[2] ?? "{}");
let sequence = 0;
let connectionCount = 0;
const times: number[] = [];
const instance = autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  headers: options.headers,
  method: options.method,
  ...((options.bodyTemplate !== undefined || options.tokens) && {
    requests: [
      {
        // autocannon keeps one context per connection: the connection's token is picked once, in turn.
        setupRequest: (request: { headers?: Record<string, string> }, context: { token?: string }) => {
          if (options.tokens) context.token ??= options.tokens[connectionCount++ % options.tokens.length];
          return {
            ...request,
            ...(context.token && { headers: { ...request.headers, authorization: `Bearer ${context.token}` } }),
            ...(options.bodyTemplate !== undefined && {
              body: options.bodyTemplate.replaceAll("{seq}", `${process.pid}-${sequence++}`),
            }),
          };
        },
      },
    ],
  }),
});
instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
  times.push(responseTime);
});
const result = await instance;
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    // What the load generator itself costs the machine (it shares its two cores with the server and PostgreSQL).
    cpuMs: (cpu.user + cpu.system) / 1000,
    times,
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
