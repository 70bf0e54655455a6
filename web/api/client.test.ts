// @vitest-environment jsdom

import routeTable from "virtual:endpoint-routes";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { Event } from "../../contract/events";
import { call, clientOf, sessionStore } from "./client";

const events = clientOf(routeTable.eventsEndpoints);

/** The requests the client sends, answered with `answer`. */
function recordRequests(answer: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: URL, init: RequestInit) => {
    sent.push({ url: url.toString(), init });
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe("the client derived from the endpoint declarations", () => {
  it("sends the declared method to the declared path, parameters encoded, with the organizer's session", async () => {
    sessionStore.set("session-token");
    const sent = recordRequests({ ok: true });
    await events.update({ params: { account: "acc 1", id: "ev/2" }, body: { archived: true } });
    expect(sent[0]?.url).toBe(`${window.location.origin}/api/v1/accounts/acc%201/events/ev%2F2`);
    expect(sent[0]?.init.method).toBe("POST");
    expect(sent[0]?.init.body).toBe(JSON.stringify({ archived: true }));
    expect(((sent[0]?.init.headers ?? {}) as Record<string, string>).authorization).toBe("Bearer session-token");
  });

  it("keeps the organizer's session off public endpoints", async () => {
    sessionStore.set("session-token");
    const sent = recordRequests({});
    await call(routeTable.captchaEndpoints.endpoints.challenge);
    expect(((sent[0]?.init.headers ?? {}) as Record<string, string>).authorization).toBeUndefined();
  });

  it("types each call from its declaration, so a call that no longer matches does not compile", () => {
    expectTypeOf(events.get).returns.resolves.toEqualTypeOf<Event>();
    const mismatches = () => {
      // @ts-expect-error: the event's path names :account and :id
      void events.get({ params: { account: "a" } });
      // @ts-expect-error: a new event needs a body
      void events.create({ params: { account: "a" } });
    };
    expect(mismatches).toBeTypeOf("function");
  });
});
