type Call = (method: "GET" | "POST", url: string, token?: string, body?: unknown) => Promise<unknown>;
type Listed = { items: { id: string }[]; total: number };

const minute = 60_000;

/** The evening's sections, minutes after the doors open, in French and English; `speakers`: which of the event's. */
const sections = [
  {
    at: 0,
    length: 30,
    speakers: [],
    fr: { title: "Accueil des invités", location: "Hall d'entrée", description: "Badges et vestiaire à l'entrée." },
    en: { title: "Guests' welcome", location: "Entrance hall", description: "Badges and cloakroom at the door." },
  },
  {
    at: 30,
    length: 45,
    speakers: [0],
    fr: {
      title: "Keynote : la nouvelle gamme",
      location: "Grande salle",
      description: "Pourquoi cette gamme, pour qui, et ce qu'elle change.\nTraduction simultanée en anglais.",
    },
    en: {
      title: "Keynote: the new range",
      location: "Main hall",
      description: "Why this range, for whom, and what it changes.\nSimultaneous translation into French.",
    },
  },
  {
    at: 75,
    length: 45,
    speakers: [0, 1],
    fr: { title: "Démonstration et questions", location: "Grande salle", description: "" },
    en: { title: "Demo and questions", location: "Main hall", description: "" },
  },
  {
    at: 120,
    length: 180,
    speakers: [],
    fr: { title: "Cocktail", location: "Terrasse", description: "Stands des partenaires en accès libre." },
    en: { title: "Drinks", location: "Terrace", description: "Partners' stands open to all." },
  },
] as const;

/**
 * The product launch's program (issue 21) in French and English, timed from the event's start, with its speakers when
 * the demo has some (seeded before). Once.
 */
export async function seedProgram(call: Call, token: string, scope: { accountId: string; eventId: string }) {
  const base = `/api/v1/events/${scope.accountId}/${scope.eventId}`;
  if (((await call("GET", `${base}/programs?language=fr`, token)) as Listed).total > 0) {
    console.log("The product launch already has its program.");
    return;
  }
  const event = (await call("GET", `/api/v1/accounts/${scope.accountId}/events/${scope.eventId}`, token)) as {
    startsAt: string;
  };
  const speakers = ((await call("GET", `${base}/speakers`, token)) as Listed).items;
  const start = new Date(event.startsAt).getTime();
  for (const language of ["fr", "en"] as const) {
    for (const section of sections) {
      await call("POST", `${base}/programs/create`, token, {
        language,
        ...section[language],
        startsAt: new Date(start + section.at * minute).toISOString(),
        endsAt: new Date(start + (section.at + section.length) * minute).toISOString(),
        speakerIds: section.speakers.flatMap((index) => speakers[index]?.id ?? []),
      });
    }
  }
  console.log(`The product launch has a program of ${sections.length} sections in French and English.`);
}
