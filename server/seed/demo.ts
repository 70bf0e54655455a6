import { buildApp, closeContext, createContext } from "../app.js";
import { loadConfig } from "../config.js";

/**
 * `npm run seed:demo`: a demo account with organizers in each role and events in every state, created through the
 * public API so the demo obeys the same rules as real use. Run it while the server is stopped (embedded database).
 */
const demo = {
  email: "demo@eventdesk.test",
  password: "Demo-Organizer-2026",
  accountName: "Demo Events",
};

const day = 24 * 60 * 60 * 1000;
const at = (offsetDays: number, hour = 9) => {
  const date = new Date(Date.now() + offsetDays * day);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

const config = loadConfig();
config.webDistDir = undefined;
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

try {
  const login = await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: demo });
  if (login.statusCode === 200) {
    console.log("The demo account already exists.");
  } else {
    const session = await call("POST", "/api/v1/auth/register", undefined, {
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
  console.log(`Sign in at ${config.publicUrl}/en/admin with ${demo.email} / ${demo.password}`);
} finally {
  await app.close();
  await closeContext(context);
}
