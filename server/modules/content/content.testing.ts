import sharp from "sharp";
import type { TestApp } from "../../testing/test-app.js";
import { multipartForm } from "../forms/forms.testing.js";
import { scopeUrl } from "../guests/guests.testing.js";

/** Helpers shared by the content API tests. */

/** Uploads a 400 px square image to the event through the API; a GIF is only taken as a campaign's image. */
export async function uploadContentImage(
  t: TestApp,
  owner: { token: string; accountId: string },
  eventId: string,
  format: "png" | "gif",
  purpose = "general",
) {
  const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    [format]()
    .toBuffer();
  const { body, headers } = multipartForm({}, { name: `image.${format}`, bytes, type: `image/${format}` });
  const url = `${scopeUrl(owner.accountId, eventId)}/images?purpose=${purpose}`;
  const response = await t.request({ method: "POST", url, token: owner.token, body, headers });
  if (response.status !== 201) throw new Error(`image upload failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string };
}
