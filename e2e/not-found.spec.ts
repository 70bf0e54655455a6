import { expect, test } from "@playwright/test";
import { catalogueText } from "./catalogue";

const t = catalogueText("en");
const fr = catalogueText("fr");

/**
 * What does not exist (issue 17): an unknown event's public page answers 404 and shows that the event is not found,
 * in the path's language or the browser's; a path under the legacy JSON routes answers JSON, never the web app.
 */
test("an unknown event's page answers 404 and says so; an unknown legacy route answers the JSON 404", async ({
  page,
  request,
}) => {
  const english = await page.goto("/en/no-such-event");
  expect(english?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: t("public.unavailable.notFoundTitle") })).toBeVisible();
  await expect(page.getByText(t("public.unavailable.notFoundText"))).toBeVisible();

  const french = await page.goto("/fr/no-such-event/register");
  expect(french?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: fr("public.unavailable.notFoundTitle") })).toBeVisible();

  const legacy = await request.get("/no-such-event/admin/invits/nothing");
  expect(legacy.status()).toBe(404);
  expect(await legacy.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
});
