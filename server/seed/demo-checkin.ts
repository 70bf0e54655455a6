import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";

/**
 * Check-in, fonts and e-badges of the product launch (issue 20), as an organizer sets them up: the account's font, a
 * "Visitor" badge for confirmed guests printed with it (attached to confirmation mails, and a batch PDF of every
 * confirmed guest), a live session at the main entrance with a joined phone and a few arrivals, and an offline
 * session for Hall B whose phone uploaded its scans, one of them a guest already in (flagged, not lost). Once.
 */
export async function seedCheckinAndBadges(app: FastifyInstance, token: string, accountId: string, eventId: string) {
  const request = async (
    method: "GET" | "POST",
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(options.auth !== false && { authorization: `Bearer ${token}` }), ...options.headers },
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const upload = async (url: string, filename: string, contentType: string, bytes: Buffer) => {
    const boundary = `----demo${Date.now().toString(16)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    const response = await app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    if (response.statusCode >= 400) throw new Error(`upload ${url} → ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const scope = `/api/v1/events/${accountId}/${eventId}`;
  if ((await request("GET", `${scope}/checkins`)).total > 0) {
    console.log("The product launch already has check-in sessions.");
    return;
  }
  const confirmed: { id: string }[] = (await request("GET", `${scope}/users?status=confirmed&limit=50`)).items;

  // The account's own typeface (Open Sans, SIL Open Font License), for the badges and the public page.
  const woff2 = await readFile(
    path.join(import.meta.dirname, "../modules/accounts/fonts/fixtures/open-sans-regular.woff2"),
  );
  const file = await upload(`/api/v1/accounts/${accountId}/fonts/upload`, "open-sans.woff2", "font/woff2", woff2);
  const font = await request("POST", `/api/v1/accounts/${accountId}/fonts`, {
    body: { name: "Open Sans", type: "regular", alternateFont: "Arial", fileId: file.fileId },
  });

  // An A4 background: a blue band on top, white below.
  const background = await sharp({
    create: { width: 1240, height: 1754, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1240" height="1754"><rect width="1240" height="420" fill="#1864ab"/><rect y="1600" width="1240" height="154" fill="#1864ab"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const image = await upload(`${scope}/images?purpose=ebadge`, "badge.jpg", "image/jpeg", background);
  const text = (kind: string, id: string, y: number, extra: Record<string, unknown>) => ({
    id,
    kind,
    x: 15,
    y,
    width: 180,
    height: 16,
    fontId: font.id,
    fontSize: 16,
    color: "#1a1b1e",
    align: "center",
    ...extra,
  });
  const badge = await request("POST", `${scope}/ebadges`, {
    body: {
      name: "Visitor",
      backgroundImageId: image.id,
      blocks: [
        text("text", "title", 12, {
          text: { en: "Product launch 2027", fr: "Product launch 2027", es: "Product launch 2027" },
          fontSize: 28,
          color: "#ffffff",
          height: 14,
        }),
        text("date", "date", 30, { color: "#ffffff", fontSize: 14, height: 8 }),
        text("field", "first-name", 60, { field: "firstName", fontSize: 40, height: 18 }),
        text("field", "last-name", 80, { field: "lastName", fontSize: 32, height: 16 }),
        text("field", "company", 100, { field: "company", fontSize: 18, color: "#495057", height: 10 }),
        { id: "qr", kind: "qr", x: 65, y: 150, width: 80, height: 80 },
        text("location", "location", 240, { fontSize: 12, color: "#495057", height: 12 }),
      ],
    },
  });
  await request("POST", `${scope}/ebadges/conditions`, {
    body: { rules: [{ ebadgeId: badge.id, conditions: { statuses: ["confirmed"] } }] },
  });
  await request("POST", `${scope}/ebadges/settings`, { body: { attachToConfirmation: true } });
  const batch = await request("POST", `${scope}/ebadges/batches`, { body: {} });
  let printed = "";
  for (let waited = 0; waited < 60_000 && printed === ""; waited += 250) {
    const progress = await request("GET", `${scope}/ebadges/batches/${batch.id}`);
    if (progress.status === "done" || progress.status === "failed") printed = progress.status;
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // Doors: a live main entrance and an offline hall, each with an access code and a phone that joined with it.
  const door = async (name: string, mode: "live" | "offline", label: string) => {
    const session = await request("POST", `${scope}/checkins`, { body: { name, mode } });
    const code = await request("POST", `${scope}/checkincodes`, { body: { checkinId: session.id } });
    const joined = await request("POST", "/api/v1/public/checkin/join", {
      auth: false,
      body: { code: code.code, label },
    });
    return { session, device: { "x-checkin-device": joined.deviceToken as string } };
  };
  const entrance = await door("Main entrance", "live", "Entrance phone");
  const hall = await door("Hall B", "offline", "Hall B tablet");
  for (const guest of confirmed.slice(0, 3)) {
    await request("POST", "/api/v1/public/checkin/scan", {
      auth: false,
      headers: entrance.device,
      body: { scanId: randomUUID(), guestId: guest.id },
    });
  }
  const scannedAt = new Date().toISOString();
  await request("POST", "/api/v1/public/checkin/sync", {
    auth: false,
    headers: hall.device,
    body: {
      scans: confirmed.slice(2, 5).map((guest) => ({ scanId: randomUUID(), guestId: guest.id, scannedAt })),
    },
  });
  console.log(
    `Check-in: a live and an offline session with arrivals; a Visitor e-badge in the account's font (batch of confirmed guests: ${printed || "still running"}).`,
  );
}
