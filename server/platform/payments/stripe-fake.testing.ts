import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type DeclineCode, testCardOutcome } from "../../../contract/payments.js";

/*
 * A small Stripe on loopback for the tests: the part of the API the platform uses (PaymentIntents, their
 * confirmation and their search by metadata, refunds), form-encoded as the SDK sends it, with Idempotency-Key replays, Stripe's error shapes, and
 * signed webhook events. Cards are Stripe's test PaymentMethods (pm_card_visa...), with the outcomes of
 * contract/payments.ts `testCards`, so the simulator and this fake agree on what each card does.
 */

/** Stripe's ready-made test PaymentMethods, by the test card they stand for. */
const testPaymentMethods: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeDeclinedProcessingError: "4000000000000119",
  pm_card_authenticationRequired: "4000002500003155",
  pm_card_threeDSecure2Required: "4000000000003220",
};

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json };

export type StripeFakeEvent = Json & { id: string; type: string; data: { object: Json } };

export type StripeFake = {
  /** For STRIPE_API_URL. */
  url: string;
  /** Every event the fake produced, oldest first. */
  events: StripeFakeEvent[];
  /** Every request received, to check retries and idempotency keys. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** What Stripe.js does when the buyer completes (or fails) the 3-D Secure check of a payment in requires_action. */
  authenticate(paymentIntentId: string, succeed: boolean): void;
  /** An event as Stripe would post it: its JSON body and a Stripe-Signature header made with the secret at `timestamp`. */
  signedWebhook(event: StripeFakeEvent, options?: { secret?: string; timestamp?: number }): SignedWebhook;
  /** Posts a signed event to a webhook route, as Stripe delivers it; answers that route's status. */
  deliverWebhook(url: string, event: StripeFakeEvent): Promise<number>;
  close(): Promise<void>;
};

export type SignedWebhook = { body: string; signature: string };

const randomId = (prefix: string) => `${prefix}_fake_${randomBytes(10).toString("hex")}`;

/** `metadata[order_id]=1&allowed_payment_method_types[0]=card` as nested objects, the way Stripe reads them. */
function parseForm(text: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let target = result;
    for (const segment of path.slice(0, -1)) {
      target[segment] ??= {};
      target = target[segment] as Json;
    }
    target[path.at(-1) as string] = value;
  }
  return result;
}

const stripeError = (status: number, error: Json): Answer => ({ status, body: { error } });
const missing = (param: string, id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${param}: ${id}`,
  });

/** The error Stripe answers for a declined card, as its `code` and `decline_code`. */
function declineError(declineCode: DeclineCode): Json {
  const code = ["expired_card", "incorrect_cvc", "processing_error"].includes(declineCode)
    ? declineCode
    : "card_declined";
  return { type: "card_error", code, decline_code: declineCode, message: `Your card was declined (${declineCode}).` };
}

export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export async function startStripeFake(options: { secretKey: string; webhookSecret?: string }): Promise<StripeFake> {
  const intents = new Map<string, Json>();
  const idempotent = new Map<string, { request: string; answer: Answer }>();
  const events: StripeFakeEvent[] = [];
  const requests: StripeFake["requests"] = [];

  function emit(type: string, object: Json) {
    events.push({
      id: randomId("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: structuredClone(object) },
    });
  }

  function settle(intent: Json, outcome: { succeeded: true } | { succeeded: false; error: Json }) {
    if (outcome.succeeded) {
      Object.assign(intent, {
        status: "succeeded",
        amount_received: intent.amount,
        latest_charge: randomId("ch"),
        last_payment_error: null,
        next_action: null,
      });
      emit("payment_intent.succeeded", intent);
    } else {
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: outcome.error,
        next_action: null,
      });
      emit("payment_intent.payment_failed", intent);
    }
  }

  function createIntent(body: Json): Answer {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, { type: "invalid_request_error", param: "amount", message: "Invalid integer" });
    }
    const id = randomId("pi");
    const intent: Json = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: String(body.currency),
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      refunded: 0,
    };
    intents.set(id, intent);
    emit("payment_intent.created", intent);
    return { status: 200, body: intent };
  }

  function confirmIntent(intent: Json, body: Json): Answer {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${intent.status}.`,
      });
    }
    const paymentMethod = String(body.payment_method ?? "");
    const cardNumber = testPaymentMethods[paymentMethod];
    if (!cardNumber) return missing("payment_method", paymentMethod);
    intent.payment_method = paymentMethod;
    const outcome = testCardOutcome(cardNumber);
    if (outcome.kind === "authenticate") {
      Object.assign(intent, { status: "requires_action", next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} } });
      emit("payment_intent.requires_action", intent);
      return { status: 200, body: intent };
    }
    if (outcome.kind === "success") {
      settle(intent, { succeeded: true });
      return { status: 200, body: intent };
    }
    const error = declineError(outcome.declineCode);
    settle(intent, { succeeded: false, error });
    return stripeError(402, { ...error, payment_intent: intent });
  }

  function refund(body: Json): Answer {
    const intent = intents.get(String(body.payment_intent));
    if (!intent) return missing("payment_intent", String(body.payment_intent));
    if (intent.status !== "succeeded") {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: "This PaymentIntent does not have a successful charge to refund.",
      });
    }
    const remaining = Number(intent.amount) - Number(intent.refunded);
    const amount = body.amount === undefined ? remaining : Number(body.amount);
    if (remaining === 0) {
      return stripeError(400, { type: "invalid_request_error", code: "charge_already_refunded", message: "Refunded." });
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount is greater than unrefunded amount on charge (${remaining}).`,
      });
    }
    intent.refunded = Number(intent.refunded) + amount;
    const created: Json = {
      id: randomId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      metadata: body.metadata ?? {},
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    emit("refund.created", created);
    return { status: 200, body: created };
  }

  /** Stripe's search of PaymentIntents, for the one clause the platform sends: `metadata['key']:'value'`. */
  function searchIntents(query: string): Answer {
    const clause = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(query);
    if (!clause) return stripeError(400, { type: "invalid_request_error", param: "query", message: "Invalid query" });
    const [, key, quoted] = clause as unknown as [string, string, string];
    const value = quoted.replace(/\\(.)/g, "$1");
    const data = [...intents.values()].filter((intent) => (intent.metadata as Json)[key] === value);
    return {
      status: 200,
      body: { object: "search_result", url: "/v1/payment_intents/search", data, has_more: false, next_page: null },
    };
  }

  function route(method: string, path: string, body: Json, search: URLSearchParams): Answer {
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(body);
    if (method === "GET" && path === "/v1/payment_intents/search") return searchIntents(search.get("query") ?? "");
    if (method === "POST" && path === "/v1/refunds") return refund(body);
    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    const intent = match && intents.get(decodeURIComponent(match[1] as string));
    if (match && !intent) return missing("payment_intent", match[1] as string);
    if (intent && method === "GET" && !match?.[2]) return { status: 200, body: intent };
    if (intent && method === "POST" && match?.[2]) return confirmIntent(intent, body);
    return stripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = "";
    for await (const chunk of request) text += chunk;
    const method = request.method ?? "GET";
    const [path = "/", queryString = ""] = (request.url ?? "/").split("?");
    const key = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method, path, idempotencyKey: key });
    const send = (answer: Answer, headers: Record<string, string> = {}) => {
      response.writeHead(answer.status, {
        "content-type": "application/json",
        "request-id": randomId("req"),
        ...headers,
      });
      response.end(JSON.stringify(answer.body));
    };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" }));
    }
    const fingerprint = `${method} ${path} ${text}`;
    const earlier = key ? idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.request !== fingerprint) {
        return send(
          stripeError(400, {
            type: "idempotency_error",
            message:
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          }),
        );
      }
      return send(earlier.answer, { "idempotent-replayed": "true" });
    }
    // Stripe answers with the object as it was then: a replay must not show later changes.
    const answer = structuredClone(route(method, path, parseForm(text), new URLSearchParams(queryString)));
    if (key && method === "POST") idempotent.set(key, { request: fingerprint, answer });
    send(answer);
  }

  function signedWebhook(
    event: StripeFakeEvent,
    { secret = options.webhookSecret ?? "", timestamp = Math.floor(Date.now() / 1000) } = {},
  ): SignedWebhook {
    const body = JSON.stringify(event);
    return { body, signature: signStripePayload(body, secret, timestamp) };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    events,
    requests,
    authenticate(paymentIntentId, succeed) {
      const intent = intents.get(paymentIntentId);
      if (intent?.status !== "requires_action") throw new Error(`${paymentIntentId} is not waiting for 3-D Secure`);
      settle(
        intent,
        succeed
          ? { succeeded: true }
          : {
              succeeded: false,
              error: { type: "invalid_request_error", code: "payment_intent_authentication_failure" },
            },
      );
    },
    signedWebhook,
    async deliverWebhook(url, event) {
      const { body, signature } = signedWebhook(event);
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
      return answer.status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
