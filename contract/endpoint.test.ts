import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { type Answer, endpointGroup, endpointPath, errorStatuses, type PathParams } from "./endpoint.js";

const ticketParams = z.object({ account: z.string(), event: z.string(), id: z.string() });
const tickets = endpointGroup("ticketing", {
  get: {
    method: "GET",
    path: "/events/:account/:event/tickets/:id",
    summary: "Read a ticket",
    access: "organizer",
    params: ticketParams,
    answer: z.object({ id: z.string(), price: z.number() }),
  },
  terms: {
    method: "GET",
    path: "/legacy/terms",
    root: true,
    summary: "Download the terms",
    access: "anyone",
    file: ["application/pdf"],
  },
});

describe("endpoint declarations", () => {
  it("fill a path's parameters, encoded, under /api/v1 unless the path is a root one", () => {
    const path = endpointPath(tickets.endpoints.get, { account: "a b", event: "e/1", id: "t" });
    expect(path).toBe("/api/v1/events/a%20b/e%2F1/tickets/t");
    expect(endpointPath(tickets.endpoints.terms)).toBe("/legacy/terms");
    expect(() => endpointPath(tickets.endpoints.get, { account: "a", event: "e" })).toThrow(/:id/);
  });

  it("list the errors an endpoint may answer from what it reads and who may call it", () => {
    expect(errorStatuses(tickets.endpoints.get)).toEqual([400, 401, 403, 404]);
    expect(errorStatuses(tickets.endpoints.terms)).toEqual([]);
    expect(errorStatuses({ ...tickets.endpoints.terms, body: "multipart", errors: [409] })).toEqual([
      400, 409, 413, 415,
    ]);
  });

  it("type a path's parameters and an answer from the declaration, so a changed path breaks its callers", () => {
    expectTypeOf<PathParams<"/events/:account/:event/tickets/:id">>().toEqualTypeOf<"account" | "event" | "id">();
    expectTypeOf<PathParams<"/public/captcha">>().toEqualTypeOf<never>();
    expectTypeOf<Answer<typeof tickets.endpoints.get>>().toEqualTypeOf<{ id: string; price: number }>();
    expectTypeOf<Answer<typeof tickets.endpoints.terms>>().toEqualTypeOf<Blob>();
    endpointGroup("broken", {
      // @ts-expect-error: the path names :ticket, which its params schema does not read
      get: { method: "GET", path: "/tickets/:ticket", summary: "s", access: "anyone", params: ticketParams },
    });
  });
});
