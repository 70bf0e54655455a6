import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { pdf } from "./demo-shared-files.js";

type Multipart = (
  filename: string,
  contentType: string,
  bytes: Buffer,
  fields?: Record<string, string>,
) => { payload: Buffer; contentType: string };

/** A landscape picture of a colour with a title, as a camera would not make it but a demo needs it. */
const picture = (title: string, hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/>
        </linearGradient></defs>
        <rect width="1600" height="1067" fill="url(#g)"/>
        <text x="800" y="560" font-size="96" text-anchor="middle" fill="white" font-family="sans-serif">${title}</text>
      </svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

const photos = [
  { en: "Doors open", fr: "Ouverture des portes" },
  { en: "The keynote", fr: "La keynote" },
  { en: "Product demo on stage", fr: "Démonstration sur scène" },
  { en: "Questions from the room", fr: "Questions de la salle" },
  { en: "Partners' stands", fr: "Les stands des partenaires" },
  { en: "Hands-on workshop", fr: "Atelier pratique" },
  { en: "Networking lunch", fr: "Déjeuner de networking" },
  { en: "Closing toast", fr: "Le mot de la fin" },
];

/**
 * The product launch's documents (its program in French and in English, a venue map for everyone) and a gallery of
 * eight captioned photos (issue 21), uploaded through the API as an organizer does. Once.
 */
export async function seedDocumentsAndPhotos(
  app: FastifyInstance,
  token: string,
  scope: { accountId: string; eventId: string },
  multipart: Multipart,
) {
  const base = `/api/v1/events/${scope.accountId}/${scope.eventId}`;
  const headers = { authorization: `Bearer ${token}` };
  const listed = await app.inject({ method: "GET", url: `${base}/documents`, headers });
  if (listed.json().total > 0) {
    console.log("The product launch already has documents and photos.");
    return;
  }
  const upload = async (kind: "documents" | "photos", file: ReturnType<Multipart>) => {
    const response = await app.inject({
      method: "POST",
      url: `${base}/${kind}`,
      headers: { ...headers, "content-type": file.contentType },
      payload: file.payload,
    });
    if (response.statusCode !== 201) throw new Error(`${kind} upload → ${response.statusCode} ${response.body}`);
  };
  const map = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#e8eef5" } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect x="100" y="100" width="600" height="400" fill="#4263eb"/><text x="400" y="320" font-size="48" text-anchor="middle" fill="white" font-family="sans-serif">Main hall</text><rect x="750" y="100" width="350" height="250" fill="#0ca678"/><text x="925" y="235" font-size="36" text-anchor="middle" fill="white" font-family="sans-serif">Workshops</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await upload(
    "documents",
    multipart("programme.pdf", "application/pdf", pdf("Programme du lancement"), {
      name: "Programme",
      fileLanguage: "fr",
    }),
  );
  await upload(
    "documents",
    multipart("program.pdf", "application/pdf", pdf("Launch program"), { name: "Program", fileLanguage: "en" }),
  );
  await upload("documents", multipart("venue-map.png", "image/png", map, { name: "Venue map / Plan du site" }));
  for (const [index, caption] of photos.entries()) {
    const bytes = await picture(caption.en, (index * 45) % 360);
    await upload(
      "photos",
      multipart(`photo-${index + 1}.jpg`, "image/jpeg", bytes, { "caption.en": caption.en, "caption.fr": caption.fr }),
    );
  }
  console.log("The product launch offers 3 documents and a gallery of 8 photos.");
}
