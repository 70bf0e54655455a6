import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { catalogueText } from "./catalogue";
import { createEventThroughApi, signInWithToken } from "./organizer";

const t = catalogueText("en");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const guestNames = [
  ["Ada", "Lovelace"],
  ["Grace", "Hopper"],
] as const;

/**
 * The live door (issue 20): the organizer creates a live session and its access code on the back office; two staff
 * phones join with the code's link and each checks a guest in by name; the organizer's dashboard counts both without
 * a reload, and each phone sees the other's arrival.
 */
test("live check-in: two phones join with the code, the dashboard and both phones see every arrival", async ({
  browser,
  request,
}) => {
  const id = randomBytes(4).toString("hex");
  const { token, accountId, eventId } = await createEventThroughApi(request, id, { journey: "checkin" });
  const headers = { authorization: `Bearer ${token}` };
  for (const [firstName, lastName] of guestNames) {
    const created = await request.post(`/api/v1/events/${accountId}/${eventId}/users`, {
      headers,
      data: { firstName, lastName, email: `${firstName.toLowerCase()}-${id}@example.test`, status: "confirmed" },
    });
    expect(created.status()).toBe(201);
  }

  const organizer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const dashboard = await organizer.newPage();
  await signInWithToken(dashboard, token);
  await dashboard.goto(`/en/admin/events/${eventId}/checkin`);
  await dashboard.getByRole("button", { name: t("checkin.sessions.new") }).click();
  const dialog = dashboard.getByRole("dialog", { name: t("checkin.form.createTitle") });
  await dialog.getByRole("textbox", { name: t("checkin.form.name") }).fill("Main door");
  await dialog.getByRole("button", { name: t("common.save") }).click();
  await dashboard.getByRole("link", { name: "Main door" }).click();
  await dashboard.getByRole("button", { name: t("checkin.code.create") }).click();
  await expect(dashboard.getByTestId("access-code")).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const count = dashboard.getByTestId("checked-in-count");
  await expect(count).toHaveText("0 / 2");
  const joinUrl = await dashboard.evaluate(
    async () => document.body.textContent.match(/https?:\/\/\S+\/checkin\?code=\w+/)?.[0],
  );
  expect(joinUrl).toBeTruthy();

  const doorA = await joinOnPhone(browser, joinUrl as string, "Door A");
  const doorB = await joinOnPhone(browser, joinUrl as string, "Door B");
  await checkInByName(doorA, "Ada Lovelace");
  await expect(count).toHaveText("1 / 2", { timeout: 1500 });
  await checkInByName(doorB, "Grace Hopper");
  await expect(count).toHaveText("2 / 2", { timeout: 1500 });
  const arrivals = dashboard.getByRole("table", { name: t("checkin.live.arrivals") });
  await expect(arrivals).toContainText("Ada Lovelace");
  await expect(arrivals).toContainText("Grace Hopper");
  // Each phone's latest arrivals show the other door's guest too.
  await expect(latestArrivals(doorA)).toContainText("Grace Hopper", { timeout: 1500 });
  await expect(latestArrivals(doorB)).toContainText("Ada Lovelace", { timeout: 1500 });
  await expect(dashboard.getByText("Door A")).toBeVisible({ timeout: 20_000 });
});

/** A phone opens the access code's link and joins under a name the organizer sees. */
async function joinOnPhone(browser: Browser, joinUrl: string, label: string) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(new URL(joinUrl).pathname + new URL(joinUrl).search);
  await page.getByRole("textbox", { name: t("checkinStaff.join.deviceLabel") }).fill(label);
  await page.getByRole("button", { name: t("checkinStaff.join.submit") }).click();
  await expect(page).toHaveURL(/\/checkin\/scan$/);
  return page;
}

async function checkInByName(page: Page, name: string) {
  await page.getByRole("button", { name: t("checkinStaff.actions.search"), exact: true }).click();
  await page.getByRole("searchbox", { name: t("checkinStaff.search.label") }).fill(name.split(" ")[1] ?? name);
  await page.getByRole("button", { name: t("checkinStaff.search.checkInGuest", { name }) }).click();
  await expect(page.locator("[data-outcome=accepted]")).toContainText(name);
}

const latestArrivals = (page: Page) => page.getByRole("region", { name: t("checkinStaff.arrivals.title") });
