import { type APIRequestContext, expect } from "@playwright/test";
import sharp from "sharp";

/** PLATFORM_ADMIN_EMAILS of the e2e server (playwright.config.ts): a user made at start, with no password yet. */
export const platformAdminEmail = "e2e-platform-admin@example.test";
const platformAdminPassword = "Adm1n&Platform-pass";

/** JSON calls to the API with a session; each must succeed. */
export function apiOf(request: APIRequestContext, token: string) {
  const call = async <Answer>(method: "GET" | "POST", url: string, data?: unknown) => {
    const response = await request.fetch(`/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data !== undefined && { data }),
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as Answer;
  };
  return {
    get: <Answer = unknown>(url: string) => call<Answer>("GET", url),
    post: <Answer = unknown>(url: string, data: unknown) => call<Answer>("POST", url, data),
  };
}

/**
 * The session of the platform administrator of PLATFORM_ADMIN_EMAILS: the address has a user from the server's start
 * but no password, which its owner chooses through "Forgot your password?" (the link read at /dev/mailbox).
 */
export async function platformAdminToken(request: APIRequestContext) {
  const credentials = { email: platformAdminEmail, password: platformAdminPassword };
  let login = await request.post("/api/v1/auth/login", { data: credentials });
  if (login.status() !== 200) {
    const asked = await request.post("/api/v1/auth/forgot-password", { data: { email: platformAdminEmail } });
    expect(asked.status(), await asked.text()).toBeLessThan(300);
    const token = await mailedToken(request, platformAdminEmail);
    const reset = await request.post("/api/v1/auth/reset-password", {
      data: { token, password: platformAdminPassword, passwordConfirmation: platformAdminPassword },
    });
    expect(reset.status(), await reset.text()).toBeLessThan(300);
    login = await request.post("/api/v1/auth/login", { data: credentials });
  }
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** The token of the link in the newest mail to `to`, read from the development outbox (/dev/mailbox). */
export async function mailedToken(request: APIRequestContext, to: string) {
  let token: string | undefined;
  await expect(async () => {
    const inbox = await (await request.get("/dev/mailbox")).text();
    const row = inbox.split("<tr>").find((line) => line.includes(to));
    const mailId = row?.match(/href="\/dev\/mailbox\/([0-9a-f-]+)"/)?.[1];
    expect(mailId, `a mail to ${to}`).toBeTruthy();
    const mail = await (await request.get(`/dev/mailbox/${mailId}`)).text();
    token = mail.match(/[?&](?:amp;)*token=([\w-]+)/)?.[1];
    expect(token, `a link with a token in the mail to ${to}`).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return token ?? "";
}

/** A real PNG banner, made with sharp. */
export function bannerPng() {
  return sharp({ create: { width: 800, height: 300, channels: 3, background: { r: 28, g: 126, b: 214 } } })
    .png()
    .toBuffer();
}

/** Uploads a campaign image of the event through its API; answers the image's id. */
export async function uploadCampaignImage(request: APIRequestContext, token: string, scope: string) {
  const uploaded = await request.post(`/api/v1${scope}/images?purpose=campaign`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: "banner.png", mimeType: "image/png", buffer: await bannerPng() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}

/** An invitation's blocks: an image, a title, a text, a button and the required footer. */
export function invitationBlocks(imageId: string, url: string) {
  return [
    { type: "image", imageId, alt: "Gala banner", url },
    { type: "title", text: "Dear {{first_name}}, join us" },
    { type: "text", text: "We would be delighted to see you." },
    { type: "button", label: "See the event", url },
    { type: "footer", text: "Unsubscribe: {{unsubscribe_link}}" },
  ];
}

/**
 * Campaign content for the accessibility journey, through the API: campaign credits added by the platform
 * administrator, a verified sender, a sent invitation (so its statistics have figures) and a draft reminder with
 * recipients picked. Answers the campaigns' ids.
 */
export async function createCampaignContent(
  request: APIRequestContext,
  {
    id,
    token,
    accountId,
    eventId,
    slug,
  }: { id: string; token: string; accountId: string; eventId: string; slug: string },
) {
  const api = apiOf(request, token);
  const admin = apiOf(request, await platformAdminToken(request));
  await admin.post(`/accounts/${accountId}/campaigncredits/add`, { number: 20, pack: "Starter" });
  const senderEmail = `e2e-a11y-sender-${id}@example.test`;
  const sender = await api.post<{ id: string }>(`/accounts/${accountId}/senders`, { email: senderEmail, name: "Gala" });
  await api.post(`/public/senders/verification/${await mailedToken(request, senderEmail)}`, {});
  const scope = `/events/${accountId}/${eventId}`;
  const imageId = await uploadCampaignImage(request, token, scope);
  const content = (subject: string) => ({
    subject,
    previewText: "See you there",
    blocks: invitationBlocks(imageId, `https://example.org/${slug}`),
  });
  const compose = async (type: string, name: string) => {
    const campaign = await api.post<{ id: string }>(`${scope}/campaigns`, { name, type });
    await api.post(`${scope}/campaigns/${campaign.id}`, {
      fromName: "Gala",
      senderId: sender.id,
      content: { fr: content(`${name} (fr)`), en: content(name), es: content(`${name} (es)`) },
    });
    return campaign.id;
  };
  const sent = await compose("invitation", "Invitation");
  await api.post(`${scope}/campaigns/${sent}/recipients`, { selectAll: true, guestIds: [] });
  await api.post(`${scope}/campaigns/${sent}/send`, {});
  const draft = await compose("reminder", "Reminder");
  await api.post(`${scope}/campaigns/${draft}/recipients`, { selectAll: true, guestIds: [] });
  await expect(async () => {
    const { status } = await api.get<{ status: string }>(`${scope}/campaigns/${sent}`);
    expect(status).toBe("sent");
  }).toPass({ timeout: 30_000 });
  // A sender still to verify: the page its link opens shows the address and its button.
  const pendingSender = `e2e-a11y-pending-${id}@example.test`;
  await api.post(`/accounts/${accountId}/senders`, { email: pendingSender, name: "Gala" });
  return {
    campaignId: sent,
    draftCampaignId: draft,
    imageId,
    senderVerificationToken: await mailedToken(request, pendingSender),
  };
}
