import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { mails } from "../../../platform/mail.tables.js";
import { simulatedPayments } from "../../../platform/payments/payments.tables.js";
import { crashGround } from "../../../testing/crash-ground.js";
import { registerAccount } from "../../../testing/fixtures.js";
import { requestsTo, type ServerProcess } from "../../../testing/processes.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { orderDocuments } from "../invoices/invoices.tables.js";
import { orders, tickets } from "../ticketing.tables.js";
import { reconcileAfterMs } from "./order-payments.js";
import { orderPayments } from "./orders.tables.js";
import { addTicket, billing, buyer, card, shopEvent } from "./orders.testing.js";

/*
 * Paid means completed, whatever crashes (issue 17): the server (server/main.ts, as `npm start` runs it) is killed
 * with SIGKILL while card checkouts wait between the simulator's answer (the card charged) and the settlement
 * (TEST_HOLD_PAYMENT_SETTLEMENTS holds every settlement there), their carts' reservations are then made to run out,
 * and the server is started again on the same database: every paid cart completes exactly once, none expires.
 * On the embedded database (a data folder), and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const paidCarts = 12;

async function waitFor(condition: () => boolean | Promise<boolean>, what: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const heldSettlements = (server: ServerProcess) => server.output().split("payment settlement held").length - 1;

describe("a server killed between a card payment's success and its settlement", () => {
  const ground = crashGround("checkout-crash");
  const startServer = (environment: Record<string, string> = {}) =>
    ground.start({ PUBLIC_SHOP_POSTS_PER_MINUTE: "100000", ...environment });

  test("completes every paid cart exactly once after a restart, and lets none expire", {
    timeout: 240_000,
  }, async () => {
    const first = await startServer({ TEST_HOLD_PAYMENT_SETTLEMENTS: "1" });
    const client = requestsTo(first);
    const owner = await registerAccount(client);
    const event = await shopEvent(client, owner);
    const ticket = await addTicket(client, owner, event, { maxQuantity: 1000 });
    const carts: { id: string; token: string; email: string }[] = [];
    for (let index = 0; index < paidCarts; index++) {
      const { email } = buyer();
      const created = await client.request({
        method: "POST",
        url: event.carts,
        body: { buyer: buyer(email), items: [{ ticketId: ticket.id, quantity: 1 }] },
      });
      expect(created.status).toBe(201);
      carts.push({ id: created.body.id, token: created.body.token, email });
    }

    // Every checkout charges the card, then waits before its settlement: the process dies there.
    for (const cart of carts) {
      void client
        .request({
          method: "POST",
          url: `${event.carts}/${cart.token}/checkout`,
          body: { method: "card", billing, termsAccepted: true, card: card() },
        })
        .catch(() => {});
    }
    await waitFor(
      () => heldSettlements(first) === paidCarts,
      () => `${paidCarts} settlements held (${heldSettlements(first)} so far)`,
    );
    first.child.kill("SIGKILL");
    await first.exited;

    const cartIds = carts.map((cart) => cart.id);
    await ground.withDatabase(async ({ db }) => {
      const charged = await db
        .select({ orderId: simulatedPayments.orderId })
        .from(simulatedPayments)
        .where(and(inArray(simulatedPayments.orderId, cartIds), eq(simulatedPayments.status, "succeeded")));
      expect(charged).toHaveLength(paidCarts);
      // Paid, not completed: each known to the orders only by the intent recorded before the simulator was asked.
      const open = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, cartIds));
      expect(open.map((row) => row.status)).toEqual(Array(paidCarts).fill("in_cart"));
      const intents = await db
        .select({ orderId: orderPayments.orderId })
        .from(orderPayments)
        .where(and(inArray(orderPayments.orderId, cartIds), isNull(orderPayments.providerPaymentId)));
      expect(intents).toHaveLength(paidCarts);
      // Their reservations run out while the server is down: the expiry sweep at start would release them.
      await db
        .update(orders)
        .set({ reservedUntil: new Date(Date.now() - 60_000) })
        .where(inArray(orders.id, cartIds));
    });
    // The payments sweep leaves younger intents to the checkouts that are waiting for them.
    await new Promise((resolve) => setTimeout(resolve, reconcileAfterMs));

    const second = await startServer();
    const orderUrl = (id: string) => `${event.orders}/${id}`;
    await waitFor(
      async () => {
        for (const id of cartIds) {
          const read = await requestsTo(second).request({ method: "GET", url: orderUrl(id), token: owner.token });
          if (read.body.status !== "completed") return false;
        }
        return true;
      },
      () => "every paid cart completed after the restart",
    );
    second.child.kill("SIGTERM");
    await second.exited;

    await ground.withDatabase(async ({ db }) => {
      const rows = await db.select().from(orders).where(inArray(orders.id, cartIds));
      expect(rows.map((row) => [row.status, row.cancelReason])).toEqual(Array(paidCarts).fill(["completed", null]));
      const payments = await db.select().from(orderPayments).where(inArray(orderPayments.orderId, cartIds));
      expect(payments.map((row) => row.status)).toEqual(Array(paidCarts).fill("succeeded"));
      expect(new Set(payments.map((row) => row.orderId)).size).toBe(paidCarts);
      expect(payments.every((row) => row.providerPaymentId?.startsWith("pi_sim_"))).toBe(true);
      const invoices = await db
        .select({ orderId: orderDocuments.orderId })
        .from(orderDocuments)
        .where(and(inArray(orderDocuments.orderId, cartIds), eq(orderDocuments.kind, "invoice")));
      expect(invoices).toHaveLength(paidCarts);
      const confirmations = await db
        .select({ to: mails.toAddress })
        .from(mails)
        .where(
          and(
            inArray(
              mails.toAddress,
              carts.map((cart) => cart.email),
            ),
            eq(mails.template, "ticketing.order_confirmation"),
          ),
        );
      expect(confirmations).toHaveLength(paidCarts);
      const audits = await db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(inArray(auditLogs.targetId, cartIds));
      const actions = audits.map((row) => row.action);
      expect(actions.filter((action) => action === "ticketing.order.completed")).toHaveLength(paidCarts);
      expect(actions).not.toContain("ticketing.order.expired");
      const [units] = await db.select({ taken: tickets.quantityTaken }).from(tickets).where(eq(tickets.id, ticket.id));
      expect(units?.taken).toBe(paidCarts);
    });
  });
});
