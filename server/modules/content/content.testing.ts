import type { TestApp } from "../../testing/test-app.js";
import { uploadEventImage } from "../images/images.testing.js";

/** Helpers shared by the content API tests. */

/** Uploads a 400 px square image to the event through the API; a GIF is only taken as a campaign's image. */
export const uploadContentImage = async (
  t: TestApp,
  owner: { token: string; accountId: string },
  eventId: string,
  format: "png" | "gif",
  purpose = "general",
) => ({ id: await uploadEventImage(t, owner, eventId, { format, purpose }) });
