/**
 * The buyers of the ticketing benchmark, in a process of their own (inside the server's process they would share the
 * one event loop they measure). Each buyer creates a cart of one ticket and pays it with the simulator's success
 * card. Options as JSON in argv[2]: `burst` starts `buyers` at the same instant; `sustained` keeps `connections`
 * buyers going one after another for `warmup` seconds, prints `measuring` on a line of its own, then goes on for
 * `duration` seconds, the ones measured. Prints its figures (of the measured part) as JSON on its last line.
 */
import net from "node:net";
import { performance } from "node:perf_hooks";

type Options = {
  base: string;
  slug: string;
  ticketId: string;
  mode: "burst" | "sustained";
  buyers: number;
  connections: number;
  duration: number;
  warmup?: number;
};

const options: Options = JSON.parse(process.argv[2] ?? "{}");
const base = new URL(options.base);
const billing = { name: "Bench Buyer", address: "1 rue de la Paix", zip: "75002", city: "Paris" };
const card = { number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Bench Buyer" };

/** Per checkout (cart then payment): how long it took, and how it ended. */
const checkouts: { ms: number; outcome: string }[] = [];
const requestTimes: number[] = [];
let sequence = 0;
/** When the measured part of the run began, and the CPU this process had used by then. */
let measured = { began: 0, cpuBefore: process.cpuUsage() };

/*
 * HTTP/1.1 written and read by hand on a kept-alive socket per buyer, as autocannon does: node:http cost the buyers
 * 0.5 ms of CPU per checkout (fetch 1.5 ms per request), CPU taken from the server and PostgreSQL they share this
 * machine with. The server answers JSON with a content-length, which is all this reads.
 */
class Connection {
  private socket: net.Socket | undefined;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (response: Answer) => void; reject: (error: Error) => void } | undefined;

  /** `address`: the loopback address the buyer comes from (127.0.0.0/8 is all this machine's). */
  constructor(
    private readonly base: URL,
    private readonly address: string,
  ) {}

  private open(): net.Socket {
    const socket = net.connect({ port: Number(this.base.port), host: this.base.hostname, localAddress: this.address });
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answerIfComplete();
    });
    const fail = (error: Error) => {
      // A socket given up for a new one says nothing of the new one's request.
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.received = Buffer.alloc(0);
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(error);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
    return socket;
  }

  private answerIfComplete() {
    const headEnd = this.received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = this.received.subarray(0, headEnd).toString("latin1");
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (Number.isNaN(length)) throw new Error(`an answer without a content-length: ${head}`);
    if (this.received.length < headEnd + 4 + length) return;
    const text = this.received.subarray(headEnd + 4, headEnd + 4 + length).toString();
    this.received = this.received.subarray(headEnd + 4 + length);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ status: Number(head.slice(9, 12)), text });
  }

  /** Closes the socket: the buyers' process ends when every buyer is done, not when the server closes idle ones. */
  close() {
    this.socket?.destroy();
  }

  post(path: string, payload: string): Promise<Answer> {
    this.socket ??= this.open();
    const request = `POST ${path} HTTP/1.1\r\nhost: ${this.base.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket?.write(request);
    });
  }
}

type Answer = { status: number; text: string };

/**
 * Each buyer comes from an address of their own, as on sale day: from one address, every request of every buyer
 * counted its hit on the same rate-limit bucket, a row they all queued on.
 */
const addressOf = (index: number) => `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;

/** A POST, tried again when the connection fails (as the web app's client does, 3 times): no answer, no harm. */
async function send(connection: Connection, path: string, payload: string, attempt = 1): Promise<Answer> {
  try {
    return await connection.post(path, payload);
  } catch (error) {
    if (attempt > 3) throw error;
    return send(connection, path, payload, attempt + 1);
  }
}

async function post(connection: Connection, path: string, body: unknown) {
  const started = performance.now();
  const response = await send(connection, path, JSON.stringify(body));
  const json = JSON.parse(response.text) as Record<string, unknown> & { error?: { code: string } };
  if (started >= measured.began) requestTimes.push(performance.now() - started);
  return { status: response.status, json };
}

async function buyOnce(connection: Connection) {
  const started = performance.now();
  const email = `bench-${process.pid}-${sequence++}@example.test`;
  let outcome: string;
  try {
    const cart = await post(connection, `/api/v1/public/events/${options.slug}/carts`, {
      buyer: { firstName: "Bench", lastName: "Buyer", email },
      items: [{ ticketId: options.ticketId, quantity: 1 }],
    });
    if (cart.status !== 201) {
      outcome = cart.json.error?.code ?? `HTTP ${cart.status}`;
    } else {
      const paid = await post(connection, `/api/v1/public/events/${options.slug}/carts/${cart.json.token}/checkout`, {
        method: "card",
        billing,
        termsAccepted: true,
        card,
      });
      const order = paid.json.cart as { status?: string } | undefined;
      outcome = paid.status === 200 ? (order?.status ?? "unknown") : (paid.json.error?.code ?? `HTTP ${paid.status}`);
    }
  } catch (error) {
    outcome = `network: ${(error as Error).message}`;
  }
  if (started >= measured.began) checkouts.push({ ms: performance.now() - started, outcome });
}

/**
 * A sustained run is measured once the server is warm, as it is on sale day after hours of serving the event's page:
 * its first seconds in a new process mostly measure V8 compiling its code (a quarter of its CPU then).
 */
function startMeasuring() {
  checkouts.length = 0;
  requestTimes.length = 0;
  console.log("measuring");
  return { began: performance.now(), cpuBefore: process.cpuUsage() };
}

measured = startMeasuring();
if (options.mode === "burst") {
  await Promise.all(
    Array.from({ length: options.buyers }, async (_, index) => {
      const connection = new Connection(base, addressOf(index));
      await buyOnce(connection);
      connection.close();
    }),
  );
} else {
  const warmupEnd = performance.now() + (options.warmup ?? 0) * 1000;
  const end = warmupEnd + options.duration * 1000;
  let warm = false;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, index) => {
      const connection = new Connection(base, addressOf(index));
      while (performance.now() < end) {
        if (!warm && performance.now() >= warmupEnd) {
          warm = true;
          measured = startMeasuring();
        }
        await buyOnce(connection);
      }
      connection.close();
    }),
  );
}
const elapsedMs = performance.now() - measured.began;
const cpu = process.cpuUsage(measured.cpuBefore);
const outcomes: Record<string, number> = {};
for (const { outcome } of checkouts) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
console.log(
  JSON.stringify({
    elapsedMs,
    outcomes,
    checkoutTimes: checkouts.filter(({ outcome }) => outcome === "completed").map(({ ms }) => ms),
    requestTimes,
    // What the buyers themselves cost the machine (they share its two cores with the server and PostgreSQL).
    cpuMs: (cpu.user + cpu.system) / 1000,
  }),
);
