import { and, desc, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { buildApp, closeContext, createContext } from "../app.js";
import { loadConfig } from "../config.js";
import { mails } from "../platform/mail.tables.js";
import { seedCheckinAndBadges } from "./demo-checkin.js";
import { seedCustomPages } from "./demo-custom-pages.js";
import { seedDocumentsAndPhotos } from "./demo-documents-photos.js";
import { seedProgram } from "./demo-program.js";
import { seedSharedFiles } from "./demo-shared-files.js";
import { seedSpeakersAndPartners } from "./demo-speakers-partners.js";

/**
 * `npm run seed:demo`: a demo account with organizers in each role and events in every state, and a platform
 * administrator, created through the public API so the demo obeys the same rules as real use. Run it while the server
 * is stopped (embedded database). Run again, it adds only what is missing: the ticketing of the product launch
 * (seedTicketing) once, the administrator's password once.
 */
const demo = {
  email: "demo@eventdesk.test",
  password: "Demo-Organizer-2026",
  accountName: "Demo Events",
};
const platformAdmin = { email: "admin@eventdesk.test", password: "Demo-Platform-2026" };

const day = 24 * 60 * 60 * 1000;
const at = (offsetDays: number, hour = 9) => {
  const date = new Date(Date.now() + offsetDays * day);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

// The request log of every call below would bury the credentials printed at the end: errors only, unless asked.
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || "error" });
config.webDistDir = undefined;
// Listed, the address gets its administrator at start (server/modules/auth/platform-admins.ts), kept in the database:
// `npm start` needs no PLATFORM_ADMIN_EMAILS afterwards.
config.platformAdminEmails.push(platformAdmin.email);
const context = await createContext(config);
const app = await buildApp(context);

async function call(method: "GET" | "POST" | "PUT", url: string, token?: string, body?: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined && { payload: body as object }),
  });
  if (response.statusCode >= 400) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  return response.json();
}

const billing = {
  buyerKind: "individual",
  name: "Camille Martin",
  address: "8 quai Voltaire",
  zip: "75007",
  city: "Paris",
};
const card = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Camille Martin" };

/**
 * The product launch ready to sell, as an organizer sets it up (SPEC §5: billing info with a Siret, an online
 * registration form, tickets, then the office opened; test mode), and a few orders bought on its public shop in the
 * states an organizer meets: completed (with a coupon), partially refunded, awaiting a bank transfer.
 */
async function seedTicketing(token: string, accountId: string) {
  const { items } = await call("GET", `/api/v1/accounts/${accountId}/events?limit=100`, token);
  const launch = items.find((event: { slug: string }) => event.slug === "product-launch-2027");
  if (!launch) return;
  const scope = `/api/v1/events/${accountId}/${launch.id}`;
  if ((await call("GET", `${scope}/tickets`, token)).total > 0) {
    console.log("The product launch already sells tickets.");
    return;
  }
  await call("POST", `${scope}/organizers`, token, {
    siret: "73282932000074",
    corporateName: "Demo Events SAS",
    legalStructure: "SAS",
    shareCapitalCents: 1_000_000,
    rcsNumber: "RCS Paris 732 829 320",
    street: "12 rue de la Paix",
    zipCode: "75002",
    city: "Paris",
    vatStatus: "subject",
    vatNumber: "FR40303265045",
    legalMentions: "",
  });
  const form = await call("POST", `${scope}/forms`, token, {
    type: "registration",
    title: { en: "Registration", fr: "Inscription", es: "Inscripción" },
    items: [
      { kind: "question", id: "company", type: "short_text", title: { en: "Company", fr: "Société", es: "Empresa" } },
    ],
  });
  await call("POST", `${scope}/forms/${form.id}/options`, token, { online: true });
  const category = await call("POST", `${scope}/categories`, token, { name: "Admission", color: "#1c7ed6" });
  const earlyBirdEnds = at(15, 0);
  const standard = await call("POST", `${scope}/tickets`, token, {
    caption: { en: "Standard entry", fr: "Entrée standard", es: "Entrada estándar" },
    description: {
      en: "Keynote, demos and cocktail.",
      fr: "Keynote, démos et cocktail.",
      es: "Keynote, demos y cóctel.",
    },
    taxPercent: 20,
    maxQuantity: 300,
    onSale: true,
    categoryId: category.id,
    pricePeriods: [
      { startsAt: null, endsAt: earlyBirdEnds, priceCents: 4900, priceBasis: "incl" },
      { startsAt: earlyBirdEnds, endsAt: null, priceCents: 6900, priceBasis: "incl" },
    ],
  });
  const student = await call("POST", `${scope}/tickets`, token, {
    caption: { en: "Student entry", fr: "Entrée étudiant", es: "Entrada estudiante" },
    taxPercent: null,
    maxQuantity: 50,
    onSale: true,
    categoryId: category.id,
    pricePeriods: [
      { startsAt: null, endsAt: earlyBirdEnds, priceCents: 1500, priceBasis: "incl" },
      { startsAt: earlyBirdEnds, endsAt: null, priceCents: 2000, priceBasis: "incl" },
    ],
  });
  const dinner = await call("POST", `${scope}/tickets`, token, {
    caption: { en: "Launch dinner", fr: "Dîner de lancement", es: "Cena de lanzamiento" },
    taxPercent: 10,
    maxQuantity: 80,
    isOption: true,
    optionOf: [standard.id, student.id],
    onSale: true,
    pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 3500, priceBasis: "incl" }],
  });
  await call("POST", `${scope}/coupons`, token, {
    code: "LAUNCH10",
    discountType: "percent",
    percentOff: 10,
    maxRedemptions: 100,
    combinable: false,
    redeemBy: null,
    ticketIds: [standard.id],
  });
  await call("POST", `${scope}/ticketingparams`, token, {
    currency: "EUR",
    paymentMode: "test",
    otherPaymentMethods: {
      bankTransfer: {
        enabled: true,
        instructions: {
          en: "IBAN FR76 3000 6000 0112 3456 7890 189, reference: your order number.",
          fr: "IBAN FR76 3000 6000 0112 3456 7890 189, référence : votre numéro de commande.",
        },
      },
      cheque: { enabled: false, instructions: {} },
    },
    officeOpen: true,
  });

  const shop = `/api/v1/public/events/${launch.slug}/carts`;
  const buy = async (email: string, firstName: string, cart: Record<string, unknown>, method = "card") => {
    const created = await call("POST", shop, undefined, {
      buyer: { firstName, lastName: "Martin", email },
      ...cart,
    });
    const body = { method, billing, termsAccepted: true, ...(method === "card" && { card }) };
    return (await call("POST", `${shop}/${created.token}/checkout`, undefined, body)).cart;
  };
  await buy("camille.martin@example.com", "Camille", {
    items: [{ ticketId: standard.id, quantity: 1, options: [{ ticketId: dinner.id, quantity: 1 }] }],
    couponCodes: ["LAUNCH10"],
  });
  const pair = await buy("louis.martin@example.com", "Louis", {
    items: [
      {
        ticketId: standard.id,
        quantity: 2,
        holders: [
          { firstName: "Louis", lastName: "Martin", email: "louis.martin@example.com" },
          { firstName: "Inès", lastName: "Martin", email: "ines.martin@example.com" },
        ],
      },
    ],
  });
  const [, second] = pair.items;
  await call("POST", `${scope}/orders/${pair.id}/refund`, token, { items: [second.id] });
  await buy("zoe.martin@example.com", "Zoé", { items: [{ ticketId: student.id, quantity: 1 }] }, "bankTransfer");
  console.log(
    "The product launch sells tickets (test mode): 2 tickets, an option, a coupon (LAUNCH10), and 3 orders " +
      "(completed, partially refunded, awaiting a bank transfer).",
  );
}

/** The newest mail of a template to an address, from the mails table (the outbox, or the log of what SMTP took). */
async function lastMail(to: string, template: string) {
  const [mail] = await context.db
    .select({ text: mails.text, html: mails.html })
    .from(mails)
    .where(and(eq(mails.toAddress, to), eq(mails.template, template)))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  return mail;
}

/**
 * The launch's public page as organizers dress it: a cover banner, a logo that is also the tab's icon, and a domain of
 * its own (`launch.localhost` reaches this machine in browsers: http://launch.localhost:3000/ shows the event at /).
 */
async function seedEventLook(token: string, accountId: string, eventId: string) {
  const picture = async (width: number, height: number, svg: string) =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`))
      .png()
      .toBuffer();
  const banner = await picture(
    1600,
    800,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1864ab"/><stop offset="1" stop-color="#5f3dc4"/></linearGradient></defs>
    <rect width="1600" height="800" fill="url(#sky)"/><circle cx="1300" cy="180" r="260" fill="#ffffff" fill-opacity="0.08"/>
    <text x="800" y="430" font-size="110" text-anchor="middle" fill="white" font-family="sans-serif" font-weight="bold">Product launch 2027</text>`,
  );
  const logo = await picture(
    400,
    400,
    `<rect width="400" height="400" rx="80" fill="#ffffff"/><text x="200" y="255" font-size="170" text-anchor="middle" fill="#1864ab" font-family="sans-serif" font-weight="bold">PL</text>`,
  );
  const scope = `/api/v1/events/${accountId}/${eventId}`;
  const imageIds: string[] = [];
  for (const [name, bytes] of [
    ["cover.png", banner],
    ["logo.png", logo],
  ] as const) {
    const upload = multipart(name, "image/png", bytes);
    const uploaded = await app.inject({
      method: "POST",
      url: `${scope}/images`,
      headers: { authorization: `Bearer ${token}`, "content-type": upload.contentType },
      payload: upload.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`image upload → ${uploaded.statusCode} ${uploaded.body}`);
    imageIds.push(uploaded.json().id);
  }
  const [bannerImageId, logoImageId] = imageIds;
  await call("POST", `/api/v1/accounts/${accountId}/events/${eventId}`, token, {
    bannerImageId,
    logoImageId,
    faviconImageId: logoImageId,
    customDomains: ["launch.localhost"],
  });
}

/** A multipart body with text `fields` and one file part `file`, as a browser uploads it. */
function multipart(filename: string, contentType: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----demo${Date.now().toString(16)}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${texts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Email campaigns of the product launch (issue 19), as an organizer runs them: campaign credits added by the platform
 * administrator, a sender verified with its mailed link, a banner image, an invitation sent to the guests (its mails
 * in /dev/mailbox) of which a few were opened and clicked through the tracking links, a reminder scheduled for
 * tomorrow 09:00, a save-the-date draft, and the automatic mails switched on. Once.
 */
async function seedCampaigns(token: string, accountId: string) {
  const { items } = await call("GET", `/api/v1/accounts/${accountId}/events?limit=100`, token);
  const launch = items.find((event: { slug: string }) => event.slug === "product-launch-2027");
  if (!launch) return;
  const scope = `/api/v1/events/${accountId}/${launch.id}`;
  if ((await call("GET", `${scope}/campaigns`, token)).total > 0) {
    console.log("The product launch already has campaigns.");
    return;
  }
  const admin = await call("POST", "/api/v1/auth/login", undefined, platformAdmin);
  const expiry = new Date(Date.now() + 365 * day);
  const expiryDate = `${String(expiry.getUTCDate()).padStart(2, "0")}/${String(expiry.getUTCMonth() + 1).padStart(2, "0")}/${expiry.getUTCFullYear()}`;
  await call("POST", `/api/v1/accounts/${accountId}/campaigncredits/add`, admin.token, {
    number: 500,
    expiryDate,
    pack: "Demo pack",
  });
  await call("POST", `/api/v1/accounts/${accountId}/eventcredits/add`, admin.token, { number: 10, pack: "Demo pack" });

  const senderEmail = "events@eventdesk.test";
  const sender = await call("POST", `/api/v1/accounts/${accountId}/senders`, token, {
    email: senderEmail,
    name: demo.accountName,
  });
  const verification = (await lastMail(senderEmail, "campaigns.sender_verification"))?.text.match(
    /[?&]token=([^\s&]+)/,
  )?.[1];
  if (!verification) throw new Error(`no verification link mailed to ${senderEmail}`);
  await call("POST", `/api/v1/public/senders/verification/${decodeURIComponent(verification)}`);

  const guests = [
    ["Alice", "Bernard", "not_responded"],
    ["Hugo", "Petit", "not_responded"],
    ["Léa", "Moreau", "not_responded"],
    ["Nina", "Roux", "not_responded"],
    ["Omar", "Haddad", "not_responded"],
    ["Chloé", "Fournier", "not_responded"],
    ["Paul", "Girard", "confirmed"],
    ["Sofia", "Lopez", "confirmed"],
  ] as const;
  for (const [firstName, lastName, status] of guests) {
    const email = `${firstName.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}.${lastName.toLowerCase()}@example.com`;
    await call("POST", `${scope}/users`, token, { firstName, lastName, email, status });
  }
  // Shown excluded in the recipients step, with its reason.
  await call("POST", `${scope}/users`, token, { firstName: "Marc", lastName: "Sansadresse" });

  const banner = await sharp({
    create: { width: 1200, height: 400, channels: 3, background: { r: 25, g: 113, b: 194 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="400"><text x="600" y="220" font-size="72" text-anchor="middle" fill="white" font-family="sans-serif">Product launch 2027</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const upload = multipart("banner.png", "image/png", banner);
  const uploaded = await app.inject({
    method: "POST",
    url: `${scope}/images?purpose=campaign`,
    headers: { authorization: `Bearer ${token}`, "content-type": upload.contentType },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`image upload → ${uploaded.statusCode} ${uploaded.body}`);
  const imageId: string = uploaded.json().id;

  const event = await call("GET", `/api/v1/accounts/${accountId}/events/${launch.id}`, token);
  const words = {
    en: { subject: "You are invited to the Product launch 2027", hello: "Dear {{first_name}},", button: "Register" },
    fr: { subject: "Vous êtes invité au Product launch 2027", hello: "Bonjour {{first_name}},", button: "S'inscrire" },
    es: { subject: "Está invitado al Product launch 2027", hello: "Hola {{first_name}}:", button: "Inscribirse" },
  } as const;
  const content = (subject: (language: keyof typeof words) => string) =>
    Object.fromEntries(
      (event.languages as (keyof typeof words)[]).map((language) => [
        language,
        {
          subject: subject(language),
          previewText: "Pavillon Royal, Paris",
          blocks: [
            { type: "image", imageId, alt: "Product launch 2027", url: "{{registration_link}}" },
            { type: "title", text: words[language].hello },
            {
              type: "text",
              text: "Join us at the Pavillon Royal for the launch of our new range.\nDrinks from 17:00.",
            },
            { type: "button", label: words[language].button, url: "{{registration_link}}" },
            { type: "divider" },
            { type: "footer", text: "Demo Events · 12 rue de la Paix, Paris · {{unsubscribe_link}}" },
          ],
        },
      ]),
    );
  const campaign = async (type: string, name: string, subject: (language: keyof typeof words) => string) => {
    const created = await call("POST", `${scope}/campaigns`, token, { name, type });
    await call("POST", `${scope}/campaigns/${created.id}`, token, {
      fromName: demo.accountName,
      senderId: sender.id,
      content: content(subject),
    });
    return created.id as string;
  };

  const invitation = await campaign("invitation", "Invitation", (language) => words[language].subject);
  await call("POST", `${scope}/campaigns/${invitation}/recipients`, token, { selectAll: true, guestIds: [] });
  await call("POST", `${scope}/campaigns/${invitation}/send`, token, {});
  // The batches run on this process's job runner: wait for the campaign to end.
  for (let waited = 0; ; waited += 250) {
    if ((await call("GET", `${scope}/campaigns/${invitation}`, token)).status === "sent") break;
    if (waited > 60_000) throw new Error("the demo invitation was not sent within a minute");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A few guests open it (the pixel) and click its button (the signed redirect), as their mail clients would.
  const sentMails = await context.db
    .select({ html: mails.html })
    .from(mails)
    .where(and(like(mails.html, "%/t/o/%"), like(mails.toAddress, "%@example.com")))
    .orderBy(desc(mails.createdAt))
    .limit(guests.length);
  for (const [index, mail] of sentMails.entries()) {
    const html = mail.html.replaceAll("&amp;", "&");
    const open = html.match(/\/t\/o\/[^"'\s)]+/)?.[0];
    const click = html.match(/\/t\/c\/[^"'\s)]+/)?.[0];
    if (index < 4 && open) await app.inject({ method: "GET", url: `/api/v1${open}` });
    if (index < 2 && click) await app.inject({ method: "GET", url: `/api/v1${click}` });
  }

  const reminder = await campaign("reminder", "Reminder", (language) => `${words[language].subject} — reminder`);
  await call("POST", `${scope}/campaigns/${reminder}/recipients`, token, { selectAll: true, guestIds: [] });
  await call("POST", `${scope}/campaigns/${reminder}/send`, token, { at: at(1, 8) });
  await campaign("save_the_date", "Save the date", () => "Save the date: Product launch 2027");

  await call("POST", `${scope}/automails`, token, {
    items: [
      { kind: "confirmation", enabled: true },
      { kind: "reminder", enabled: true, days: 2 },
      { kind: "thank_you", enabled: true, days: 1 },
    ],
  });
  console.log(
    "Campaigns of the product launch: 500 credits, a verified sender, an invitation sent (opens and clicks), a reminder scheduled, a draft, automatic mails on.",
  );
}

/**
 * The platform administrator chooses a password as the owner of a listed address does: "Forgot your password?", then
 * the link mailed, read here from the mails table.
 */
async function seedPlatformAdmin() {
  const login = await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: platformAdmin });
  if (login.statusCode === 200) {
    console.log("The platform administrator already exists.");
    return;
  }
  await call("POST", "/api/v1/auth/forgot-password", undefined, { email: platformAdmin.email });
  const [mail] = await context.db
    .select({ text: mails.text })
    .from(mails)
    .where(and(eq(mails.toAddress, platformAdmin.email), eq(mails.template, "auth.password_reset")))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  const token = mail?.text.match(/[?&]token=([^\s&]+)/)?.[1];
  if (!token) throw new Error(`no password link mailed to ${platformAdmin.email}`);
  await call("POST", "/api/v1/auth/reset-password", undefined, {
    token: decodeURIComponent(token),
    password: platformAdmin.password,
    passwordConfirmation: platformAdmin.password,
  });
  const { token: session, user } = await call("POST", "/api/v1/auth/login", undefined, platformAdmin);
  await call("POST", `/api/v1/administrators/${user.id}`, session, { firstName: "Pat", lastName: "Platform" });
  console.log("Platform administrator created.");
}

try {
  const login = await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: demo });
  let session: { token: string } = login.json();
  if (login.statusCode === 200) {
    console.log("The demo account already exists.");
  } else {
    session = await call("POST", "/api/v1/auth/register", undefined, {
      email: demo.email,
      password: demo.password,
      passwordConfirmation: demo.password,
      firstName: "Dana",
      lastName: "Demo",
      accountName: demo.accountName,
    });
    const me = await call("GET", "/api/v1/auth/me", session.token);
    const accountId: string = me.memberships[0].accountId;
    const events = `/api/v1/accounts/${accountId}/events`;
    const created = [
      {
        name: "Product launch 2027",
        slug: "product-launch-2027",
        startsAt: at(45, 17),
        endsAt: at(45, 22),
        venueName: "Pavillon Royal",
        address: "Route de Suresnes, Paris",
        country: "France",
      },
      {
        name: "Annual partner summit",
        slug: "partner-summit",
        startsAt: at(0, 0),
        endsAt: at(2, 18),
        venueName: "Palais des Congrès",
        country: "France",
      },
      {
        name: "Spring gala",
        slug: "spring-gala",
        startsAt: at(-60, 19),
        endsAt: at(-60, 23),
        venueName: "Hôtel de Ville",
        country: "France",
      },
      {
        name: "Developer meetup",
        slug: "developer-meetup",
        startsAt: at(12, 18),
        venueName: "Station F",
        country: "France",
      },
      {
        name: "Winter seminar 2025",
        slug: "winter-seminar-2025",
        startsAt: at(-330, 9),
        endsAt: at(-329, 17),
        venueName: "Chalet Mont-Blanc",
        country: "France",
      },
    ];
    const ids: string[] = [];
    for (const event of created) {
      const answer = await call("POST", events, session.token, {
        ...event,
        description: {
          en: `Welcome to ${event.name}.`,
          fr: `Bienvenue à ${event.name}.`,
          es: `Bienvenidos a ${event.name}.`,
        },
      });
      ids.push(answer.id);
    }
    await call("POST", `${events}/${ids[4]}`, session.token, { archived: true });
    await call("POST", `${events}/${ids[0]}/duplicate`, session.token, {
      name: "Product launch 2027 — Lyon",
      slug: "product-launch-lyon",
    });
    for (const [role, firstName] of [
      ["editor", "Eddie"],
      ["reader", "Rita"],
    ] as const) {
      await call("POST", "/api/v1/administrators", session.token, {
        accountId,
        email: `${firstName.toLowerCase()}@eventdesk.test`,
        firstName,
        lastName: "Demo",
        language: "en",
        role,
      });
    }
    console.log(
      "Demo account created with 6 events (upcoming, in progress, past, archived) and two invited organizers.",
    );
  }
  const me = await call("GET", "/api/v1/auth/me", session.token);
  await seedTicketing(session.token, me.memberships[0].accountId);
  await seedPlatformAdmin();
  await seedCampaigns(session.token, me.memberships[0].accountId);
  const launch = (
    await call("GET", `/api/v1/accounts/${me.memberships[0].accountId}/events?limit=100`, session.token)
  ).items.find((event: { slug: string }) => event.slug === "product-launch-2027");
  if (launch) {
    await seedEventLook(session.token, me.memberships[0].accountId, launch.id);
    await seedCheckinAndBadges(app, session.token, me.memberships[0].accountId, launch.id);
    const scope = { accountId: me.memberships[0].accountId, eventId: launch.id, slug: launch.slug };
    await seedSharedFiles(app, session.token, scope, multipart, lastMail);
    await seedDocumentsAndPhotos(app, session.token, scope, multipart);
    await seedSpeakersAndPartners(app, call, session.token, scope, multipart);
    // After the speakers: the program names them.
    await seedProgram(call, session.token, scope);
    await seedCustomPages(call, session.token, scope);
  }
  const mailbox = context.mailer.usesOutbox
    ? [`Mails sent (invitations, tickets): ${config.publicUrl}/dev/mailbox`]
    : [];
  console.log(
    [
      "",
      "Demo data is ready. Start the server (npm start), then sign in:",
      `  at         ${config.publicUrl}/en/admin`,
      `  organizer  ${demo.email} / ${demo.password} (overseer of ${demo.accountName})`,
      `  platform   ${platformAdmin.email} / ${platformAdmin.password} (platform administrator: every account)`,
      `The product launch's public page, on its own domain: ${config.publicUrl.replace("//localhost", "//launch.localhost")}/`,
      ...mailbox,
      "",
    ].join("\n"),
  );
} finally {
  await app.close();
  await closeContext(context);
}
