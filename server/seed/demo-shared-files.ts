import type { FastifyInstance } from "fastify";

type Multipart = (filename: string, contentType: string, bytes: Buffer) => { payload: Buffer; contentType: string };
type LastMail = (to: string, template: string) => Promise<{ text: string } | undefined>;

/** A one-page PDF: enough for a file a guest opens. */
export const pdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${title.length + 40}>>stream\nBT /F1 24 Tf 72 760 Td (${title}) Tj ET\nendstream endobj\n` +
      `5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/**
 * Two files of the product launch shared with one guest each (issue 21), as an organizer shares them: a speaker's
 * contract that waits unsent, and an exhibitor's badge pack the guest was notified of and downloaded from the member
 * area (signed in with the mailed link, as a guest does). Once.
 */
export async function seedSharedFiles(
  app: FastifyInstance,
  token: string,
  scope: { accountId: string; eventId: string; slug: string },
  multipart: Multipart,
  lastMail: LastMail,
) {
  const request = async (method: "GET" | "POST", url: string, body?: unknown, bearer: string | null = token) => {
    const response = await app.inject({
      method,
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      ...(body !== undefined && { payload: body as object }),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response;
  };
  const base = `/api/v1/events/${scope.accountId}/${scope.eventId}`;
  if ((await request("GET", `${base}/sharedfiles`)).json().total > 0) {
    console.log("The product launch already shares files.");
    return;
  }
  const guests = (await request("GET", `${base}/users?limit=50`))
    .json()
    .items.filter((guest: { email: string | null }) => guest.email) as { id: string; email: string }[];
  const [speaker, exhibitor] = guests;
  if (!speaker || !exhibitor) return;
  const share = async (guestId: string, name: string) => {
    const { id } = (await request("POST", `${base}/sharedfiles/create`, { user_id: guestId, name })).json();
    const upload = multipart(name, "application/pdf", pdf(name.replace(/\.pdf$/, "")));
    const uploaded = await app.inject({
      method: "POST",
      url: `/api/v1/event/${scope.accountId}/${scope.eventId}/sharedfiles/${id}/upload`,
      headers: { authorization: `Bearer ${token}`, "content-type": upload.contentType },
      payload: upload.payload,
    });
    if (uploaded.statusCode !== 200) throw new Error(`shared file upload → ${uploaded.statusCode} ${uploaded.body}`);
    return id as string;
  };
  await share(speaker.id, "Speaker contract.pdf");
  const packId = await share(exhibitor.id, "Exhibitor badge pack.pdf");
  await request("POST", `${base}/sharedfiles/${packId}/notify`, { sharedFileId: packId });

  // The exhibitor opens the member area with a mailed link and downloads the pack.
  const member = `/api/v1/public/events/${scope.slug}/member`;
  await request("POST", `${member}/link`, { email: exhibitor.email, language: "en" }, null);
  const link = (await lastMail(exhibitor.email.toLowerCase(), "public.member_link"))?.text.match(/[?&]token=([^\s&]+)/);
  if (!link?.[1]) throw new Error("no member link mailed to the exhibitor");
  const session = (await request("POST", `${member}/session`, { token: decodeURIComponent(link[1]) }, null)).json();
  await request("GET", `${member}/shared-files/${packId}/download`, undefined, session.sessionToken);
  console.log("The product launch shares 2 files: one waiting, one notified and downloaded from the member area.");
}
