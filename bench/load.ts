import { readFileSync } from "node:fs";
// @ts-expect-error autocannon ships no types; its result fields used below are documented in its README.
import autocannon from "autocannon";

/**
 * The load generator, in a process of its own: inside the server's process it would share the one event loop it
 * measures. Reads its options as JSON in argv[2]; a body holding `{seq}` gets a number unique to each request (a new
 * email per submission, say); `tokens` gives each connection its own user, `connectionHeaders` its own headers (a
 * staff device's token); `bodiesFile` names a JSON array of bodies sent once each, in turn, and then the run ends.
 * Prints the run's figures as JSON on its last line.
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
  connectionHeaders?: Array<Record<string, string>>;
  bodiesFile?: string;
};

const options: LoadOptions = JSON.parse(process.argv[2] ?? "{}");
const bodies: string[] | undefined = options.bodiesFile && JSON.parse(readFileSync(options.bodiesFile, "utf8"));
let sequence = 0;
let connectionCount = 0;
const times: number[] = [];
const instance = autocannon({
  url: options.url,
  connections: options.connections,
  ...(bodies ? { amount: bodies.length } : { duration: options.duration }),
  headers: options.headers,
  method: options.method,
  ...((options.bodyTemplate !== undefined || options.tokens || options.connectionHeaders || bodies) && {
    requests: [
      {
        // autocannon keeps one context per connection: the connection's own headers are picked once, in turn.
        setupRequest: (request: { headers?: Record<string, string> }, context: { own?: Record<string, string> }) => {
          context.own ??= connectionOwnHeaders(connectionCount++);
          const seq = sequence++;
          return {
            ...request,
            headers: { ...request.headers, ...context.own },
            ...(options.bodyTemplate !== undefined && {
              body: options.bodyTemplate.replaceAll("{seq}", `${process.pid}-${seq}`),
            }),
            ...(bodies && { body: bodies[seq] }),
          };
        },
      },
    ],
  }),
});

function connectionOwnHeaders(connection: number): Record<string, string> {
  const token = options.tokens?.[connection % options.tokens.length];
  const own = options.connectionHeaders?.[connection % options.connectionHeaders.length];
  return { ...own, ...(token && { authorization: `Bearer ${token}` }) };
}
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
