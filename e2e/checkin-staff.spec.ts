import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { messages } from "../contract/error-messages";
import { catalogueText } from "./catalogue";
import { createEventThroughApi } from "./organizer";

const t = catalogueText("en");

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-US" });

/**
 * A door on the day (issue 20): the organizer opens a live session and gives its access code; a staff phone joins
 * with it and checks guests in with their QR codes' text (as a hand scanner types it) and by name. A forged code, a
 * second scan of the same guest and a cancelled guest are refused with their reason; a mistaken check-in is undone.
 * The QR codes' texts come from an offline session's guest list: the codes are the same for every session.
 */
test("staff check-in on a phone: join, scan by code and by name, refusals, undo, signed out", async ({
  page,
  request,
}) => {
  const id = randomBytes(4).toString("hex");
  const organizer = await createEventThroughApi(request, id, { journey: "checkin-staff" });
  const api = organizerApi(request, organizer.token, `/api/v1/events/${organizer.accountId}/${organizer.eventId}`);
  const ada = await api.addGuest("Ada", "Lovelace", "confirmed");
  await api.addGuest("Alan", "Turing", "confirmed");
  const grace = await api.addGuest("Grace", "Hopper", "confirmed");
  const carl = await api.addGuest("Carl", "Cancelled", "cancelled");
  const door = await api.createSession("Door A", "live");
  const access = await api.createCode(door.id);
  const codes = await api.guestCodes();
  const codeOf = (guestId: string) => codes.get(guestId) ?? "";

  await test.step("a wrong code is refused in the page's language", async () => {
    await page.goto("/checkin");
    await expect(page.getByRole("heading", { level: 1, name: t("checkinStaff.join.title") })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t("checkinStaff.join.title")}`));
    await page.getByLabel(t("checkinStaff.join.code")).fill("zzzz zzzz");
    await expect(page.getByLabel(t("checkinStaff.join.code"))).toHaveValue("ZZZZ-ZZZZ");
    await page.getByRole("button", { name: t("checkinStaff.join.submit") }).click();
    await expect(page.getByText(messages.CHECKIN_CODE_INVALID.en)).toBeVisible();
  });

  await test.step("the organizer's join link fills the code in; the phone joins the session", async () => {
    const link = new URL(access.joinUrl);
    expect(link.pathname).toBe("/checkin");
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByLabel(t("checkinStaff.join.code"))).toHaveValue(access.code);
    await page.getByLabel(t("checkinStaff.join.deviceLabel")).fill("Phone of Sam");
    await page.getByRole("button", { name: t("checkinStaff.join.submit") }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Door A" })).toBeVisible();
    await expect(page).toHaveURL(/\/checkin\/scan$/);
    await expect(page.getByText(t("checkinStaff.scan.counter", { expected: 4 }))).toBeVisible();
    await page.getByRole("button", { name: t("checkinStaff.actions.code"), exact: true }).click();
  });

  await test.step("a guest's QR code text, typed then Enter as a hand scanner does, lets them in", async () => {
    await scanCode(page, codeOf(ada.id));
    await expectVerdict(page, "accepted", "Ada Lovelace");
    await expect(counter(page)).toHaveText("1");
    await expect(arrivals(page).getByText("Ada Lovelace")).toBeVisible();
  });

  await test.step("a guest found by name is checked in with one tap", async () => {
    await page.getByRole("button", { name: t("checkinStaff.actions.search"), exact: true }).click();
    await page.getByLabel(t("checkinStaff.search.label")).fill("Turing");
    await page.getByRole("button", { name: t("checkinStaff.search.checkInGuest", { name: "Alan Turing" }) }).click();
    await expectVerdict(page, "accepted", "Alan Turing");
    await expect(page.getByText(/^Checked in at \d\d:\d\d at Door A$/)).toBeVisible();
    await expect(counter(page)).toHaveText("2");
  });

  await test.step("a forged code, a second scan and a cancelled guest are refused with their reason", async () => {
    await page.getByRole("button", { name: t("checkinStaff.actions.code"), exact: true }).click();
    const genuine = codeOf(grace.id);
    await scanCode(page, `${genuine.slice(0, -1)}${genuine.endsWith("A") ? "B" : "A"}`);
    await expectVerdict(page, "refused", t("checkinStaff.refusal.unknown_code"));

    await scanCode(page, codeOf(ada.id));
    await expectVerdict(page, "refused", "Ada Lovelace");
    const already = t("checkinStaff.refusal.already_checked_in_at", { time: "TIME", door: "Door A" });
    await expect(verdict(page).getByText(new RegExp(`^${already.replace("TIME", "\\d\\d:\\d\\d")}$`))).toBeVisible();

    await scanCode(page, codeOf(carl.id));
    await expectVerdict(page, "refused", t("checkinStaff.refusal.cancelled"));
    await expect(counter(page)).toHaveText("2");
  });

  await test.step("a mistaken check-in is undone, and the guest can then come in", async () => {
    await scanCode(page, codeOf(grace.id));
    await expectVerdict(page, "accepted", "Grace Hopper");
    await expect(counter(page)).toHaveText("3");
    await page.getByRole("button", { name: t("checkinStaff.actions.undo"), exact: true }).click();
    await expectVerdict(page, "undone", "Grace Hopper");
    await expect(counter(page)).toHaveText("2");
    await expect(page.getByRole("button", { name: t("checkinStaff.actions.undo"), exact: true })).toBeDisabled();
    expect((await api.session(door.id)).checkedIn).toBe(2);

    await scanCode(page, codeOf(grace.id));
    await expectVerdict(page, "accepted", "Grace Hopper");
  });

  await test.step("a revoked code sends the phone back to the join page, saying why", async () => {
    await api.removeCode(access.id);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: t("checkinStaff.join.title") })).toBeVisible();
    await expect(page.getByText(messages.CHECKIN_DEVICE_SIGNED_OUT.en)).toBeVisible();
  });
});

/** The organizer's side, straight through the API: guests, sessions, codes, and the guests' QR code texts. */
function organizerApi(request: APIRequestContext, token: string, base: string) {
  const headers = { authorization: `Bearer ${token}` };
  const send = async <Answer>(method: "GET" | "POST" | "DELETE", url: string, data?: unknown) => {
    const response = await request.fetch(url, { method, headers, ...(data !== undefined && { data }) });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as Answer;
  };
  return {
    addGuest: (firstName: string, lastName: string, status: string) =>
      send<{ id: string }>("POST", `${base}/users`, {
        firstName,
        lastName,
        status,
        email: `${firstName.toLowerCase()}-${randomBytes(3).toString("hex")}@example.test`,
      }),
    createSession: (name: string, mode: "live" | "offline") =>
      send<{ id: string }>("POST", `${base}/checkins`, { name, mode }),
    session: (sessionId: string) => send<{ checkedIn: number }>("GET", `${base}/checkins/${sessionId}`),
    createCode: (sessionId: string) =>
      send<{ id: string; code: string; joinUrl: string }>("POST", `${base}/checkincodes`, { checkinId: sessionId }),
    removeCode: (codeId: string) => send("DELETE", `${base}/checkincodes/${codeId}`),
    /** Each guest's QR code text, read from an offline session's list as its phone downloads it. */
    async guestCodes() {
      const hall = await this.createSession("Hall", "offline");
      const code = await this.createCode(hall.id);
      const joined = await request.post("/api/v1/public/checkin/join", { data: { code: code.code } });
      const { deviceToken } = (await joined.json()) as { deviceToken: string };
      const list = await request.get("/api/v1/public/checkin/passes", { headers: { "x-checkin-device": deviceToken } });
      expect(list.status()).toBe(200);
      const { passes } = (await list.json()) as { passes: { passKey: string; codes: string[] }[] };
      return new Map(
        passes
          .filter((pass) => pass.passKey.startsWith("g:"))
          .map((pass) => [pass.passKey.slice(2), pass.codes[0] ?? ""] as const),
      );
    },
  };
}

const verdict = (page: Page) => page.locator("[data-outcome]");
const counter = (page: Page) => page.getByTestId("checked-in-count");
const arrivals = (page: Page) => page.getByRole("region", { name: t("checkinStaff.arrivals.title") });

/** The code field takes what a hand scanner types: the code, then Enter. */
async function scanCode(page: Page, code: string) {
  const field = page.getByLabel(t("checkinStaff.code.label"), { exact: true });
  await field.fill(code);
  await field.press("Enter");
}

async function expectVerdict(page: Page, outcome: "accepted" | "refused" | "undone", text: string) {
  await expect(verdict(page)).toHaveAttribute("data-outcome", outcome);
  await expect(verdict(page).getByRole("heading", { name: t(`checkinStaff.outcome.${outcome}`) })).toBeVisible();
  await expect(verdict(page).getByText(text, { exact: true })).toBeVisible();
}
