// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { Ebadge, EbadgeBatch, EbadgeConditions } from "../../../contract/ebadges";
import { type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { ebadgesBackOfficeRoutes } from "./ebadges.routes";
import { badgeId, ebadge } from "./ebadges.test-fixtures";

const badge = ebadge();
const badgesPath = `${scopePath}/ebadges`;

type Answers = Record<string, (request: FakeRequest) => { status: number; body?: unknown }>;

function open(url: string, answers: Answers = {}) {
  const calls = fakeServer((request) => {
    const key = `${request.method} ${request.path}`;
    if (answers[key]) return answers[key](request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (key === `GET ${badgesPath}`) return { status: 200, body: { items: [badge], total: 1 } };
    if (key === `GET ${badgesPath}/${badgeId}`) return { status: 200, body: badge };
    if (request.method === "GET") return { status: 200, body: { items: [], total: 0 } };
    return { status: 404 };
  });
  renderPage(
    ebadgesBackOfficeRoutes.map((route) => ({
      ...route,
      lazy: async () => {
        const loaded = await (route.lazy as () => Promise<{ Component: ComponentType }>)();
        const Page = loaded.Component;
        return {
          // biome-ignore lint/correctness/noComponentHookFactories: made once per route when the router loads it, as the app's lazy routes are
          Component: () => (
            <AsMember accountRole="organizer">
              <Page />
            </AsMember>
          ),
        };
      },
    })),
    { url },
  );
  return calls;
}

afterEach(cleanup);

// The first page of the file pays for compiling the designer's modules on a busy machine.
describe("e-badge designer", { timeout: 60_000 }, () => {
  it("moves a block with the arrow keys, adds a QR code and saves the design", async () => {
    const calls = open(`/en/admin/events/${event.id}/ebadges/${badgeId}`, {
      [`POST ${badgesPath}/${badgeId}`]: (request) => ({
        status: 200,
        body: { ...badge, ...(request.body as object) },
      }),
    });
    const block = await screen.findByRole(
      "button",
      { name: /^Text Welcome, 50 × 10 mm at 10, 10 mm/ },
      { timeout: 15_000 },
    );
    fireEvent.focus(block);
    fireEvent.keyDown(block, { key: "ArrowRight", shiftKey: true });
    fireEvent.keyDown(block, { key: "ArrowDown" });
    expect(await screen.findByRole("button", { name: /at 20, 11 mm/ })).toBeTruthy();
    expect(screen.getByLabelText("From the left")).toHaveProperty("value", "20 mm");
    fireEvent.click(screen.getByRole("button", { name: "Add a block: QR code" }));
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const saved = calls.find((call) => call.method === "POST")?.body as Ebadge;
    expect(saved.blocks.map((b) => [b.kind, b.x, b.y])).toEqual([
      ["text", 20, 11],
      ["qr", 85, 128.5],
    ]);
  });

  it("keeps a block on the page and removes it with Delete", async () => {
    open(`/en/admin/events/${event.id}/ebadges/${badgeId}`);
    const block = await screen.findByRole("button", { name: /^Text Welcome/ }, { timeout: 15_000 });
    fireEvent.focus(block);
    for (let step = 0; step < 3; step++) fireEvent.keyDown(block, { key: "ArrowLeft", shiftKey: true });
    expect(await screen.findByRole("button", { name: /at 0, 10 mm/ })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("button", { name: /^Text Welcome/ }), { key: "Delete" });
    expect(await screen.findByText("The page is empty.")).toBeTruthy();
  });
});

describe("e-badge list", () => {
  it("prints the confirmed guests' badges, following the batch until its PDF is ready", async () => {
    const batch: EbadgeBatch = {
      id: "88888888-8888-4888-8888-888888888888",
      status: "running",
      total: 40,
      done: 10,
      fileUrl: null,
      error: null,
      createdAt: "2026-03-01T09:00:00.000Z",
    };
    let polls = 0;
    const calls = open(`/en/admin/events/${event.id}/ebadges`, {
      [`POST ${badgesPath}/batches`]: () => ({ status: 202, body: batch }),
      [`GET ${badgesPath}/batches/${batch.id}`]: () => {
        polls++;
        return { status: 200, body: polls > 1 ? { ...batch, status: "done", done: 40 } : batch };
      },
      [`GET ${badgesPath}/batches/${batch.id}/file`]: () => ({ status: 200, body: "pdf" }),
    });
    expect(await screen.findByRole("link", { name: "Visitor" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("Every guest")).toBeTruthy();
    URL.createObjectURL = () => "blob:badges";
    URL.revokeObjectURL = () => {};
    fireEvent.click(screen.getByRole("button", { name: "Print the badges of confirmed guests" }));
    expect(await screen.findByText("10 of 40 badges ready")).toBeTruthy();
    expect(await screen.findByText("40 badges ready: the PDF is downloading.", {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("/file"))).toBe(true));
    expect(calls.find((call) => call.path === `${badgesPath}/batches`)?.body).toEqual({});
  });
});

describe("e-badge conditions", () => {
  const conditions: EbadgeConditions = {
    rules: [
      {
        ebadgeId: badgeId,
        name: "Visitor",
        conditions: { statuses: ["confirmed"], ticketIds: [], categoryIds: [], customFields: [] },
      },
    ],
    overlapping: 3,
    without: 0,
  };
  it("warns of guests who would get more than one badge and saves the rules", async () => {
    const calls = open(`/en/admin/events/${event.id}/ebadges/conditions`, {
      [`GET ${badgesPath}/conditions`]: () => ({ status: 200, body: conditions }),
      [`GET ${badgesPath}/settings`]: () => ({ status: 200, body: { attachToConfirmation: false } }),
      [`POST ${badgesPath}/conditions`]: () => ({ status: 200, body: { ...conditions, overlapping: 0 } }),
    });
    expect(
      await screen.findByText(
        "3 guests would get more than one badge: each gets the first that matches.",
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "Only for the guests matching these conditions" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      rules: [{ ebadgeId: badgeId, conditions: null }],
    });
    await waitFor(() => expect(screen.queryByText(/would get more than one badge/)).toBeNull());
  });

  it("changes the badges' priority with the move buttons, keeping the focus on the moved badge, and saves the order", async () => {
    const speakerId = "99999999-9999-4999-8999-999999999999";
    const speaker = { ebadgeId: speakerId, name: "Speaker", conditions: null };
    const calls = open(`/en/admin/events/${event.id}/ebadges/conditions`, {
      [`GET ${badgesPath}/conditions`]: () => ({
        status: 200,
        body: { ...conditions, rules: [...conditions.rules, speaker] },
      }),
      [`GET ${badgesPath}/settings`]: () => ({ status: 200, body: { attachToConfirmation: false } }),
      [`POST ${badgesPath}/conditions`]: () => ({
        status: 200,
        body: { ...conditions, rules: [speaker, ...conditions.rules] },
      }),
    });
    const moveUp = await screen.findByRole("button", { name: "Move Speaker up" }, { timeout: 15_000 });
    expect(screen.getByRole("button", { name: "Move Visitor up" })).toHaveProperty("disabled", true);
    moveUp.focus();
    fireEvent.click(moveUp);
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "1. Speaker",
      "2. Visitor",
    ]);
    expect(screen.getByText("Speaker is now badge number 1.")).toBeTruthy();
    // First in the list, its "up" button is off: the focus goes to its "down" one.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Speaker down" })));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      rules: [
        { ebadgeId: speakerId, conditions: null },
        { ebadgeId: badgeId, conditions: conditions.rules[0]?.conditions },
      ],
    });
  });

  it("says an e-badge is needed before conditions can be set", async () => {
    open(`/en/admin/events/${event.id}/ebadges/conditions`, {
      [`GET ${badgesPath}/conditions`]: () => ({ status: 200, body: { rules: [], overlapping: 0, without: 0 } }),
      [`GET ${badgesPath}/settings`]: () => ({ status: 200, body: { attachToConfirmation: true } }),
    });
    expect(await screen.findByRole("link", { name: "Create an e-badge" }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: /Attach the guest's badge/ })).toHaveProperty("checked", true),
    );
  });
});
