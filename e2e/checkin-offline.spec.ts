import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { catalogueText } from "./catalogue";
import { createEventThroughApi } from "./organizer";

const t = catalogueText("en");
const guestCount = 21;
const scannedCount = 20;
/** The start of a text whose end holds a time: "Guest list: 21 passes" of "…, downloaded at 14:05". */
const before = (text: string, separator: string) => text.split(separator)[0] ?? text;
const listShown = before(t("checkinStaff.offline.list_other", { count: guestCount }), ",");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Pass = { passKey: string; codes: string[]; guest: { id: string; name: string } };
type Upload = { scanId: string; code?: string; guestId?: string; scannedAt: string; undoneAt?: string };

/**
 * The offline door (issue 20 "How it is checked"): two phones join an offline session and download its guest list;
 * the network goes; the first phone's scan page reloads from its service worker and 20 guests are scanned, kept
 * unsynced; the second phone scans one of the same guests. Back online, the first phone's 20 scans arrive once, sending
 * them again changes nothing, and the second phone's scan is flagged, not lost.
 */
test("offline check-in: scans kept with no network, synced once, a guest scanned at two doors flagged", async ({
  browser,
  request,
}, testInfo) => {
  const id = randomBytes(4).toString("hex");
  const { token, accountId, eventId } = await createEventThroughApi(request, id, { journey: "checkin-offline" });
  const organizer = { authorization: `Bearer ${token}` };
  const api = `/api/v1/events/${accountId}/${eventId}`;

  await addGuests(request, api, organizer);
  const created = await request.post(`${api}/checkins`, {
    headers: organizer,
    data: { name: "Hall B", mode: "offline" },
  });
  expect(created.status()).toBe(201);
  const session = (await created.json()) as { id: string };
  const code = await request.post(`${api}/checkincodes`, { headers: organizer, data: { checkinId: session.id } });
  expect(code.status()).toBe(201);
  const { joinUrl } = (await code.json()) as { joinUrl: string };

  const first = await joinOnPhone(browser, joinUrl, "Door 1");
  const second = await joinOnPhone(browser, joinUrl, "Door 2");
  const passes = await offlineList(request, first.deviceToken);
  const guestPasses = passes.filter((pass) => pass.passKey.startsWith("g:"));
  expect(guestPasses).toHaveLength(guestCount);
  const scanned = guestPasses.slice(0, scannedCount);

  await test.step("the network goes; the scan page reloads from the service worker", async () => {
    await first.context.setOffline(true);
    await second.context.setOffline(true);
    await first.page.reload();
    await expect(first.page.getByText(t("checkinStaff.offline.noNetwork"))).toBeVisible();
    await expect(first.page.getByText(listShown)).toBeVisible();
  });

  await test.step("20 guests scanned with no network, kept unsynced", async () => {
    await useCodeField(first.page);
    for (const pass of scanned) await scanCode(first.page, pass, "accepted");
    await expect(first.page.getByText(t("checkinStaff.offline.waiting_other", { count: scannedCount }))).toBeVisible();
    await first.page.screenshot({ path: testInfo.outputPath("offline-phone-unsynced.png") });
    // The same guest again, on the same phone: refused, at this door.
    await scanCode(first.page, scanned[0] as Pass, "refused");
    await expect(first.page.locator("[data-outcome=refused]")).toContainText("Hall B");
  });

  await test.step("the second phone, offline too, lets in one of the same guests", async () => {
    await useCodeField(second.page);
    await scanCode(second.page, scanned[0] as Pass, "accepted");
  });

  const uploaded = await test.step("back online: all 20 synced once", async () => {
    await first.context.setOffline(false);
    await expect(first.page.getByText(before(t("checkinStaff.offline.synced"), "("))).toBeVisible({
      timeout: 20_000,
    });
    await first.page.screenshot({ path: testInfo.outputPath("offline-phone-synced.png") });
    const stats = await sessionStats(request, api, session.id, organizer);
    expect(stats).toMatchObject({ checkedIn: scannedCount, flagged: 0 });
    return storedScans(first.page);
  });

  await test.step("the same upload sent again changes nothing", async () => {
    expect(uploaded).toHaveLength(scannedCount);
    const again = await request.post("/api/v1/public/checkin/sync", {
      headers: { "x-checkin-device": first.deviceToken },
      data: { scans: uploaded.map(({ scanId, code, scannedAt }) => ({ scanId, code, scannedAt })) },
    });
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ applied: 0, repeated: scannedCount, flagged: 0 });
    expect(await sessionStats(request, api, session.id, organizer)).toMatchObject({ checkedIn: scannedCount });
  });

  await test.step("the second phone syncs: its scan is flagged, not lost", async () => {
    await second.context.setOffline(false);
    await expect(second.page.getByText(t("checkinStaff.offline.flagged_one", { count: 1 }))).toBeVisible({
      timeout: 20_000,
    });
    await second.page.screenshot({ path: testInfo.outputPath("offline-phone-flagged.png") });
    expect(await sessionStats(request, api, session.id, organizer)).toMatchObject({
      checkedIn: scannedCount,
      flagged: 1,
    });
  });
  await first.context.close();
  await second.context.close();
});

async function addGuests(request: APIRequestContext, api: string, headers: Record<string, string>) {
  const names = Array.from({ length: guestCount }, (_, index) => `Guest${String(index + 1).padStart(2, "0")}`);
  await Promise.all(
    names.map(async (lastName) => {
      const added = await request.post(`${api}/users`, {
        headers,
        data: { firstName: "Offline", lastName, status: "confirmed" },
      });
      expect(added.status()).toBe(201);
    }),
  );
}

/** A phone opens the access code's link, joins, and waits for its list and its service worker. */
async function joinOnPhone(browser: Browser, joinUrl: string, label: string) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(new URL(joinUrl).pathname + new URL(joinUrl).search);
  await page.getByRole("textbox", { name: t("checkinStaff.join.deviceLabel") }).fill(label);
  await page.getByRole("button", { name: t("checkinStaff.join.submit") }).click();
  await expect(page).toHaveURL(/\/checkin\/scan$/);
  await expect(page.getByRole("region", { name: t("checkinStaff.offline.title") })).toBeVisible();
  await expect(page.getByText(listShown)).toBeVisible();
  // The worker is installed (its files precached) for the scan page's folder: a reload with no network is its to
  // answer. It does not control this very page, which was created at /checkin?code=… (outside its scope: claim()
  // goes by the URL a page was created at), but a navigation is matched by the URL it goes to. Polled with evaluate():
  // waitForFunction takes the promise an async predicate returns for a truthy answer, and went on while the worker was
  // still precaching (the reload offline then failed).
  await expect
    .poll(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/checkin/scan"))?.active?.state),
      {
        timeout: 90_000,
      },
    )
    .toBe("activated");
  const deviceToken = await page.evaluate(() => localStorage.getItem("ep.checkinDevice"));
  expect(deviceToken).toBeTruthy();
  return { context, page, deviceToken: deviceToken as string };
}

async function offlineList(request: APIRequestContext, deviceToken: string) {
  const answer = await request.get("/api/v1/public/checkin/passes", { headers: { "x-checkin-device": deviceToken } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { passes: Pass[] }).passes;
}

async function useCodeField(page: Page) {
  await page.getByRole("button", { name: t("checkinStaff.actions.code"), exact: true }).click();
}

async function scanCode(page: Page, pass: Pass, outcome: "accepted" | "refused") {
  const field = page.getByRole("textbox", { name: t("checkinStaff.code.label") });
  await field.fill(pass.codes[0] ?? "");
  await page.getByRole("button", { name: t("checkinStaff.code.submit") }).click();
  const verdict = page.locator(`[data-outcome=${outcome}]`);
  await expect(verdict).toContainText(pass.guest.name);
  await expect(field).toHaveValue("");
}

async function sessionStats(request: APIRequestContext, api: string, id: string, headers: Record<string, string>) {
  const answer = await request.get(`${api}/checkins/${id}/stats`, { headers });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { checkedIn: number; flagged: number };
}

/** The phone's stored scans, read from its IndexedDB as the sync read them. */
function storedScans(page: Page) {
  return page.evaluate(async () => {
    const [database] = (await indexedDB.databases()).filter((each) => each.name?.startsWith("checkin-offline-"));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(database?.name ?? "");
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    return new Promise<Upload[]>((resolve, reject) => {
      const reading = db.transaction("scans").objectStore("scans").getAll();
      reading.onsuccess = () => resolve(reading.result as Upload[]);
      reading.onerror = () => reject(reading.error);
    });
  });
}
