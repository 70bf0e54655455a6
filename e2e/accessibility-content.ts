import { type APIRequestContext, expect } from "@playwright/test";
import { billingBody } from "../server/modules/ticketing/billing/billing-body.testing";
import { solveCaptcha } from "../web/ui/captcha-solver";
import { createCampaignContent } from "./campaign-content";
import { createEventThroughApi } from "./organizer";

/**
 * Everything the accessibility journey's pages show, made through the API so that each page is checked with real
 * content (tables with rows, a completed order, answered forms, a message, a signed-in member) rather than its
 * empty state: one organizer, one event in the three languages selling tickets, its guests, forms and orders.
 */
export async function createAccessibilityContent(request: APIRequestContext, id: string) {
  const { token, accountId, eventId, slug } = await createEventThroughApi(request, id, {
    journey: "a11y",
    event: { languages: ["fr", "en", "es"], preferredLanguage: "en" },
  });
  const call = async <Answer>(method: "GET" | "POST", url: string, data?: unknown, anonymous = false) => {
    const response = await request.fetch(`/api/v1${url}`, {
      method,
      headers: anonymous ? {} : { authorization: `Bearer ${token}` },
      ...(data !== undefined && { data }),
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as Answer;
  };
  const scope = `/events/${accountId}/${eventId}`;
  const text = (en: string, fr: string, es: string) => ({ en, fr, es });

  await call("POST", `/accounts/${accountId}/events/${eventId}`, { maxCompanions: 2 });
  await call("POST", `/accounts/${accountId}/teams`, { name: "Accueil" });
  await call("POST", `/accounts/${accountId}/apikeys`, { name: "CRM" });
  const invited = `e2e-a11y-invited-${id}@example.test`;
  await call("POST", "/administrators", {
    accountId,
    email: invited,
    firstName: "Noé",
    lastName: "Invité",
    language: "en",
    role: "editor",
  });

  await call("POST", `${scope}/customfields`, {
    name: "Diet",
    type: "dropdown",
    choices: [
      { id: "veggie", label: "Vegetarian" },
      { id: "none", label: "No preference" },
    ],
  });
  const registration = await call<{ id: string }>("POST", `${scope}/forms`, {
    type: "registration",
    title: text("Registration", "Inscription", "Inscripción"),
    items: [
      {
        kind: "question",
        id: "firstName",
        type: "short_text",
        title: text("First name", "Prénom", "Nombre"),
        required: true,
        target: { kind: "guest", field: "firstName" },
      },
      {
        kind: "question",
        id: "lastName",
        type: "short_text",
        title: text("Last name", "Nom", "Apellidos"),
        required: true,
        target: { kind: "guest", field: "lastName" },
      },
      {
        kind: "question",
        id: "session",
        type: "unique_choice",
        name: "Session",
        title: text("Session", "Session", "Sesión"),
        help: text("Pick one.", "Choisissez-en une.", "Elija una."),
        answers: [
          { id: "talk", label: text("Talk", "Conférence", "Conferencia"), quota: null },
          { id: "workshop", label: text("Workshop", "Atelier", "Taller"), quota: 20 },
        ],
      },
      { kind: "recommendations", id: "friends", title: text("Invite a friend", "Invitez un ami", "Invite a un amigo") },
    ],
  });
  await call("POST", `${scope}/forms/${registration.id}/options`, { online: true });
  const survey = await call<{ id: string }>("POST", `${scope}/forms`, {
    type: "survey",
    title: text("Satisfaction", "Satisfaction", "Satisfacción"),
    items: [{ kind: "question", id: "rating", type: "rating", title: text("Your rating", "Votre note", "Su nota") }],
  });
  await call("POST", `${scope}/forms/${survey.id}/options`, { online: true });

  const member = `e2e-a11y-member-${id}@example.test`;
  const sent = await request.post(`/en/${slug}/forms/sendForm/${registration.id}`, {
    data: {
      formId: registration.id,
      mail: member,
      items: { firstName: "Lucía", lastName: "García", session: "workshop" },
      privacyAccepted: true,
      recommendations: [{ firstName: "Ada", lastName: "Lovelace", email: `e2e-a11y-ada-${id}@example.test` }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { guestId: memberGuestId } = (await sent.json()) as { guestId: string };
  await call("POST", `${scope}/users`, { firstName: "Jean", lastName: "Dupont", company: "Acme", status: "confirmed" });
  await call("POST", `${scope}/users`, { firstName: "Jean", lastName: "Dupont", email: `e2e-a11y-jean-${id}@a.test` });
  await call("POST", `${scope}/users`, { firstName: "Inès", lastName: "Martin", hostId: memberGuestId });

  await call("POST", `${scope}/organizers`, billingBody({ corporateName: "Gala Productions SAS" }));
  const category = await call<{ id: string }>("POST", `${scope}/categories`, { name: "Admission", color: "#1c7ed6" });
  const pass = await call<{ id: string }>("POST", `${scope}/tickets`, {
    caption: text("Pass", "Pass", "Pase"),
    description: text("Talks and cocktail.", "Conférences et cocktail.", "Charlas y cóctel."),
    taxPercent: 20,
    maxQuantity: 100,
    onSale: true,
    categoryId: category.id,
    pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 6000, priceBasis: "incl" }],
  });
  await call("POST", `${scope}/tickets`, {
    caption: text("Dinner", "Dîner", "Cena"),
    taxPercent: 10,
    maxQuantity: 50,
    isOption: true,
    optionOf: [pass.id],
    onSale: true,
    pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 3000, priceBasis: "incl" }],
  });
  const reduction = { discountType: "percent", percentOff: 10, ticketIds: [pass.id] };
  await call("POST", `${scope}/coupons`, {
    code: "GALA10",
    maxRedemptions: 100,
    combinable: false,
    redeemBy: null,
    ...reduction,
  });
  await call("POST", `${scope}/discounts`, { name: "Groups", minQuantity: 5, ...reduction });
  await call("POST", `${scope}/ticketingparams`, {
    currency: "EUR",
    paymentMode: "test",
    otherPaymentMethods: {
      bankTransfer: { enabled: true, instructions: text("IBAN FR76 3000 6000", "IBAN FR76 3000 6000", "IBAN FR76") },
      cheque: { enabled: false, instructions: {} },
    },
    officeOpen: true,
  });
  const shop = `/public/events/${slug}/carts`;
  const cart = await call<{ token: string }>(
    "POST",
    shop,
    {
      buyer: { firstName: "Lucía", lastName: "García", email: member },
      items: [{ ticketId: pass.id, quantity: 1 }],
      couponCodes: ["GALA10"],
    },
    true,
  );
  const { cart: order } = await call<{ cart: { id: string } }>(
    "POST",
    `${shop}/${cart.token}/checkout`,
    {
      method: "card",
      billing: {
        buyerKind: "individual",
        name: "Lucía García",
        address: "8 quai Voltaire",
        zip: "75007",
        city: "Paris",
      },
      termsAccepted: true,
      card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Lucía García" },
    },
    true,
  );

  const challenge = await call<Parameters<typeof solveCaptcha>[0]>("GET", "/public/captcha", undefined, true);
  await call(
    "POST",
    `/public/events/${slug}/contact`,
    {
      name: "Lucía García",
      email: member,
      subject: "Parking",
      message: "Is there a car park near the venue?",
      privacyAccepted: true,
      captcha: await solveCaptcha(challenge),
    },
    true,
  );

  await call("POST", `/public/events/${slug}/member/link`, { email: member, language: "en" }, true);
  const { sessionToken: memberSession } = await call<{ sessionToken: string }>(
    "POST",
    `/public/events/${slug}/member/session`,
    { token: await mailedToken(request, member) },
    true,
  );

  // A file shared with the signed-in member, uploaded and notified: the shared files page and the member area's list.
  const { id: sharedFileId } = await call<{ id: string }>("POST", `${scope}/sharedfiles/create`, {
    user_id: memberGuestId,
    name: "Attestation.pdf",
  });
  const uploaded = await request.fetch(`/api/v1/event/${accountId}/${eventId}/sharedfiles/${sharedFileId}/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: "attestation.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await call("POST", `${scope}/sharedfiles/${sharedFileId}/notify`, {});

  // An e-badge with a text, a guest's name and a QR code, for the designer and the conditions page.
  const { id: ebadgeId } = await call<{ id: string }>("POST", `${scope}/ebadges`, {
    name: "Visitor",
    blocks: [
      { id: "title", kind: "text", x: 20, y: 20, width: 170, height: 20, text: { en: "Welcome", fr: "Bienvenue" } },
      { id: "name", kind: "field", field: "lastName", x: 20, y: 60, width: 170, height: 15, fontSize: 24 },
      { id: "qr", kind: "qr", x: 80, y: 200, width: 50, height: 50 },
    ],
  });

  // A live check-in session with an access code and an arrival, for the sessions, session and statistics pages.
  const { id: checkinSessionId } = await call<{ id: string }>("POST", `${scope}/checkins`, {
    name: "Main entrance",
    mode: "live",
  });
  await call("POST", `${scope}/checkincodes`, { checkinId: checkinSessionId });
  // The program in the event's preferred language, a timed section with a place (issue 21).
  await call("POST", `${scope}/programs/create`, {
    language: "en",
    title: "Opening keynote",
    startsAt: "2030-06-05T07:00:00Z",
    endsAt: "2030-06-05T07:45:00Z",
    location: "Main hall",
  });
  await call("POST", `${scope}/programs/create`, { language: "en", title: "Workshops", location: "Rooms A and B" });
  // A custom page at one address in every language, with what the editor writes (issue 21).
  const customPage = (title: string, body: string) => ({ title, slug: "practical", body });
  await call("POST", `${scope}/custompages/create`, {
    versions: {
      en: customPage("Practical information", "<h2>Getting there</h2><p>Metro <strong>line 1</strong>.</p>"),
      fr: customPage("Infos pratiques", "<h2>Accès</h2><p>Métro <strong>ligne 1</strong>.</p>"),
      es: customPage("Información práctica", "<h2>Cómo llegar</h2><p>Metro <strong>línea 1</strong>.</p>"),
    },
  });

  return {
    id,
    token,
    ebadgeId,
    checkinSessionId,
    slug,
    eventId,
    memberSession,
    guestId: memberGuestId,
    formId: registration.id,
    orderId: order.id,
    invitationToken: await mailedToken(request, invited),
    ...(await createCampaignContent(request, { id, token, accountId: accountId ?? "", eventId, slug })),
  };
}

export type AccessibilityContent = Awaited<ReturnType<typeof createAccessibilityContent>>;

/** The token of the link in the newest mail to `to`, read from the development outbox (/dev/mailbox). */
async function mailedToken(request: APIRequestContext, to: string) {
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
