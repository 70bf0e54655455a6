import sharp from "sharp";
import type { TestApp } from "../../testing/test-app.js";
import { multipartForm } from "../forms/forms.testing.js";

/** Uploads a plain-coloured image to the event through the API, as the browser does; answers its id. */
export async function uploadEventImage(
  t: TestApp,
  owner: { token: string; accountId: string },
  eventId: string,
  { width = 400, height = 400, format = "png", purpose = "general" }: ImageOptions = {},
): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    [format]()
    .toBuffer();
  const { body, headers } = multipartForm({}, { name: `image.${format}`, bytes, type: `image/${format}` });
  const response = await t.request({
    method: "POST",
    url: `/api/v1/events/${owner.accountId}/${eventId}/images?purpose=${purpose}`,
    token: owner.token,
    body,
    headers,
  });
  if (response.status !== 201) throw new Error(`image upload failed: ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

type ImageOptions = { width?: number; height?: number; format?: "png" | "gif"; purpose?: string };
