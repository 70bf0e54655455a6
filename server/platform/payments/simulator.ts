import { randomBytes } from "node:crypto";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import {
  type CodedMessage,
  isMessageCode,
  type MessageCode,
  messageOfZodIssue,
} from "../../../contract/error-messages.js";
import {
  cardBrand,
  cardDigits,
  type SimulatorAuthenticateBody,
  type SimulatorCard,
  simulatorCardSchema,
  testCardOutcome,
} from "../../../contract/payments.js";
import { prefixedPlaceholders, preparedStatement } from "../../db/prepared.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../errors.js";
import { assertMoney } from "./money.js";
import { paymentEventHandlerOf } from "./payment-events.js";
import type {
  CreatePaymentInput,
  Payment,
  PaymentEvent,
  Refund,
  RefundInput,
  SimulatorProvider,
} from "./payment-provider.js";
import { simulatedPayments, simulatedRefunds } from "./payments.tables.js";

/*
 * The built-in test-mode payment provider: Stripe's test cards and outcomes, offline (contract/payments.ts
 * `testCards`). Payments and refunds are rows, so every instance sees the same ones; idempotency keys are unique
 * indexes, so a retried request finds the first answer. Its events reach the orders through the handler they
 * registered (payment-events.ts), in place of Stripe's webhooks.
 */

type PaymentRow = typeof simulatedPayments.$inferSelect;
type RefundRow = typeof simulatedRefunds.$inferSelect;

const randomId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

function paymentOf(row: PaymentRow): Payment {
  return {
    providerPaymentId: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    declineCode: row.status === "failed" ? row.declineCode : null,
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    paymentKey: row.idempotencyKey,
    livemode: false,
  };
}

function refundOf(row: RefundRow, currency: string): Refund {
  return {
    providerRefundId: row.id,
    providerPaymentId: row.paymentId,
    amountCents: row.amountCents,
    currency,
    status: row.status,
  };
}

/** The card form's rules, checked again here: the simulator is the one refusing a past expiry or a bad number. */
function checkedCard(card: SimulatorCard): SimulatorCard {
  const parsed = simulatorCardSchema.safeParse(card);
  if (parsed.success) return parsed.data;
  const fields: Record<string, CodedMessage> = {};
  for (const issue of parsed.error.issues) {
    fields[`card.${issue.path.join(".")}`] ??= isMessageCode(issue.message)
      ? { code: issue.message }
      : messageOfZodIssue(issue);
  }
  const [first] = Object.values(fields);
  throw new AppError(400, first?.code ?? "VALIDATION", { values: first?.values, fields });
}

/** What a card does: its test-card outcome, as the payment's next status. */
function attemptWith(card: SimulatorCard) {
  const outcome = testCardOutcome(card.number);
  const digits = cardDigits(card.number);
  const used = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4), updatedAt: new Date() };
  if (outcome.kind === "success") return { ...used, status: "succeeded" as const, declineCode: null };
  if (outcome.kind === "authenticate") return { ...used, status: "requires_action" as const, declineCode: null };
  return { ...used, status: "failed" as const, declineCode: outcome.declineCode };
}

/** A payment created without a card: waiting for one, as Stripe's. */
const unattempted = () => ({
  status: "requires_payment_method" as const,
  declineCode: null,
  cardBrand: null,
  cardLast4: null,
  updatedAt: new Date(),
});

const createdColumns = [
  "id",
  "clientSecret",
  "idempotencyKey",
  "orderId",
  "amountCents",
  "currency",
  "description",
  "metadata",
  "status",
  "declineCode",
  "cardBrand",
  "cardLast4",
  "updatedAt",
] as const;

/** A new payment, nothing if its idempotency key was used before: built once, the checkout's every card payment. */
const paymentCreation = preparedStatement((executor) =>
  executor
    .insert(simulatedPayments)
    .values(prefixedPlaceholders("", createdColumns))
    .onConflictDoNothing({ target: simulatedPayments.idempotencyKey })
    .returning()
    .prepare("simulated_payment_creation"),
);

export function createPaymentSimulator({ db, logger }: Pick<AppContext, "db" | "logger">): SimulatorProvider {
  const paymentBy = async (
    column: typeof simulatedPayments.id | typeof simulatedPayments.clientSecret,
    value: string,
  ) => {
    const [row] = await db.select().from(simulatedPayments).where(eq(column, value));
    if (!row) throw notFound();
    return row;
  };
  const paymentOfKey = async (idempotencyKey: string): Promise<PaymentRow | undefined> => {
    const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, idempotencyKey));
    return row;
  };

  /** Tells the orders, after the change is committed. Their failure is logged: the payment did happen. */
  async function emit(event: PaymentEvent) {
    const handler = paymentEventHandlerOf(db);
    if (!handler) return;
    try {
      await handler(event);
    } catch (error) {
      logger.error({ err: error, event }, "a simulated payment event could not be handled");
    }
  }

  const eventBase = (row: PaymentRow) => ({
    id: randomId("evt"),
    provider: "simulator" as const,
    livemode: false,
    providerPaymentId: row.id,
    orderId: row.orderId,
    occurredAt: new Date().toISOString(),
  });

  /** The outcome of an attempt, as Stripe would send it by webhook. */
  async function emitOutcome(row: PaymentRow) {
    if (row.status === "succeeded") {
      await emit({
        ...eventBase(row),
        type: "payment.succeeded",
        paymentKey: row.idempotencyKey,
        amountCents: row.amountCents,
        currency: row.currency,
      });
    } else if (row.status === "failed" && row.declineCode) {
      await emit({
        ...eventBase(row),
        type: "payment.failed",
        paymentKey: row.idempotencyKey,
        declineCode: row.declineCode,
      });
    }
  }

  /**
   * Moves the payment of `clientSecret` on, in one conditional update (of two calls racing, the second finds it moved
   * already), and tells the orders; a payment not in a state to move is `refusal`, an unknown one 404.
   */
  async function movePayment(
    clientSecret: string,
    change: Partial<PaymentRow>,
    movable: SQL | undefined,
    refusal: MessageCode,
  ) {
    const [row] = await db
      .update(simulatedPayments)
      .set(change)
      .where(and(eq(simulatedPayments.clientSecret, clientSecret), movable))
      .returning();
    if (!row) {
      await paymentBy(simulatedPayments.clientSecret, clientSecret);
      throw new AppError(409, refusal);
    }
    await emitOutcome(row);
    return paymentOf(row);
  }

  async function confirmCard({ clientSecret, card }: { clientSecret: string; card: SimulatorCard }) {
    const attempt = attemptWith(checkedCard(card));
    return movePayment(clientSecret, attempt, ne(simulatedPayments.status, "succeeded"), "PAYMENT_ALREADY_SUCCEEDED");
  }

  return {
    name: "simulator",
    livemode: false,

    async createPayment(input: CreatePaymentInput & { card?: SimulatorCard }) {
      assertMoney(input.amountCents, input.currency);
      // With a card the payment is confirmed as it is created, as Stripe's `confirm: true` does: one row written.
      const attempt = input.card ? attemptWith(checkedCard(input.card)) : undefined;
      const id = randomId("pi");
      const [created] = await paymentCreation(db).execute({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString("base64url")}`,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata ?? {},
        ...(attempt ?? unattempted()),
      } satisfies Record<(typeof createdColumns)[number], unknown>);
      if (created) {
        await emitOutcome(created);
        return paymentOf(created);
      }
      // The key was used before: the same request gets the same payment, a different one is refused as Stripe does.
      const first = await paymentOfKey(input.idempotencyKey);
      if (
        !first ||
        first.orderId !== input.orderId ||
        first.amountCents !== input.amountCents ||
        first.currency !== input.currency
      ) {
        throw new AppError(409, "PAYMENT_IDEMPOTENCY_CONFLICT");
      }
      // A retry of a payment that succeeded meanwhile (a checkout taken up after a crash) gets that success.
      if (!input.card || first.status === "succeeded") return paymentOf(first);
      return confirmCard({ clientSecret: first.clientSecret, card: input.card });
    },

    async retrievePayment(providerPaymentId: string) {
      return paymentOf(await paymentBy(simulatedPayments.id, providerPaymentId));
    },

    async findPayment(idempotencyKey: string) {
      const row = await paymentOfKey(idempotencyKey);
      return row ? paymentOf(row) : null;
    },

    confirmCard,

    async authenticate({ clientSecret, outcome }: SimulatorAuthenticateBody) {
      return movePayment(
        clientSecret,
        outcome === "complete"
          ? { status: "succeeded", declineCode: null, updatedAt: new Date() }
          : { status: "failed", declineCode: "authentication_failed", updatedAt: new Date() },
        eq(simulatedPayments.status, "requires_action"),
        "PAYMENT_NOT_AWAITING_AUTHENTICATION",
      );
    },

    async refund(input: RefundInput) {
      assertMoney(input.amountCents);
      const { refund, payment, replayed } = await db.transaction(async (tx) => {
        // The payment's row lock orders concurrent refunds of it, retries with the same key included.
        const [locked] = await tx
          .select()
          .from(simulatedPayments)
          .where(eq(simulatedPayments.id, input.providerPaymentId))
          .for("update");
        if (!locked) throw notFound();
        const [earlier] = await tx
          .select()
          .from(simulatedRefunds)
          .where(eq(simulatedRefunds.idempotencyKey, input.idempotencyKey));
        if (earlier) {
          if (earlier.paymentId !== locked.id || earlier.amountCents !== input.amountCents) {
            throw new AppError(409, "PAYMENT_IDEMPOTENCY_CONFLICT");
          }
          return { refund: earlier, payment: locked, replayed: true };
        }
        if (locked.status !== "succeeded") throw new AppError(409, "PAYMENT_NOT_REFUNDABLE");
        const [raised] = await tx
          .update(simulatedPayments)
          .set({ refundedCents: sql`${simulatedPayments.refundedCents} + ${input.amountCents}`, updatedAt: new Date() })
          .where(
            and(
              eq(simulatedPayments.id, locked.id),
              sql`${simulatedPayments.refundedCents} + ${input.amountCents} <= ${simulatedPayments.amountCents}`,
            ),
          )
          .returning();
        if (!raised) throw new AppError(409, "PAYMENT_REFUND_TOO_LARGE");
        const [created] = await tx
          .insert(simulatedRefunds)
          .values({
            id: randomId("re"),
            paymentId: locked.id,
            idempotencyKey: input.idempotencyKey,
            amountCents: input.amountCents,
            status: "succeeded",
          })
          .returning();
        if (!created) throw new Error("the simulated refund was not stored");
        return { refund: created, payment: raised, replayed: false };
      });
      if (!replayed) {
        await emit({
          ...eventBase(payment),
          type: "payment.refunded",
          providerRefundId: refund.id,
          amountCents: refund.amountCents,
          currency: payment.currency,
        });
      }
      return refundOf(refund, payment.currency);
    },
  };
}
