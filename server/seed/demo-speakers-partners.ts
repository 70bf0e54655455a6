import type { FastifyInstance } from "fastify";
import sharp from "sharp";

type Call = (method: "GET" | "POST", url: string, token?: string, body?: unknown) => Promise<unknown>;
type Multipart = (filename: string, contentType: string, bytes: Buffer) => { payload: Buffer; contentType: string };

const speakers = [
  {
    name: "Camille Moreau",
    job: "Chief product officer",
    company: "Northwind",
    hue: 210,
    biography: {
      fr: "Camille dirige les produits de Northwind depuis six ans et a lancé les trois dernières gammes.",
      en: "Camille has led Northwind's products for six years and launched its last three ranges.",
    },
    socialUrls: { linkedin: "https://www.linkedin.com/in/camille-moreau-demo" },
  },
  {
    name: "Daniel Ortega",
    job: "Lead engineer",
    company: "Northwind",
    hue: 20,
    biography: {
      fr: "Daniel a conçu la nouvelle gamme et en fera la démonstration sur scène.",
      en: "Daniel designed the new range and will demonstrate it on stage.",
    },
    socialUrls: { twitter: "https://x.com/dortega_demo" },
  },
  {
    name: "Aiko Tanaka",
    job: "Design director",
    company: "Studio Kumo",
    hue: 330,
    biography: {
      fr: "Aiko signe le design de la gamme avec son studio de Lyon.",
      en: "Aiko designed the range with her studio in Lyon.",
    },
    socialUrls: {},
  },
  {
    name: "Samuel Okafor",
    job: "Journalist",
    company: "Tech Weekly",
    hue: 130,
    biography: {
      fr: "Samuel anime la séance de questions avec le public.",
      en: "Samuel hosts the questions from the audience.",
    },
    socialUrls: { facebook: "https://www.facebook.com/samuel.okafor.demo" },
  },
];

const partners = [
  { name: "Northwind", link: "https://northwind.example.com", hue: 210, width: 200 },
  { name: "Contoso Bank", link: "https://contoso.example.com", hue: 140, width: 180 },
  { name: "Fabrikam", link: "https://fabrikam.example.com", hue: 0, width: 160 },
  { name: "Studio Kumo", link: "https://kumo.example.com", hue: 330, width: null },
  { name: "Tech Weekly", link: "https://techweekly.example.com", hue: 45, width: 140 },
];

/** A portrait stand-in: the speaker's initials on a coloured disc, as a demo has no photos of real people. */
const portrait = (name: string, hue: number) => {
  const initials = name
    .split(" ")
    .map((part) => part[0])
    .join("");
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
        <rect width="600" height="600" fill="hsl(${hue},45%,88%)"/>
        <circle cx="300" cy="300" r="230" fill="hsl(${hue},55%,40%)"/>
        <text x="300" y="360" font-size="170" text-anchor="middle" fill="white" font-family="sans-serif">${initials}</text>
      </svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();
};

/** A logo stand-in: the partner's name set in its colour on white. */
const logo = (name: string, hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
        <rect width="600" height="200" fill="white"/>
        <rect x="20" y="60" width="80" height="80" rx="16" fill="hsl(${hue},65%,45%)"/>
        <text x="120" y="122" font-size="58" fill="hsl(${hue},65%,30%)" font-family="sans-serif" font-weight="bold">${name}</text>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();

/**
 * The launch's speakers (four, each with a portrait and a biography in French and English) and partners (five, with
 * their logos and alternate texts), added through the API as the back office does, in the order the page shows them.
 */
export async function seedSpeakersAndPartners(
  app: FastifyInstance,
  call: Call,
  token: string,
  scope: { accountId: string; eventId: string },
  multipart: Multipart,
) {
  const base = `/api/v1/events/${scope.accountId}/${scope.eventId}`;
  const upload = async (name: string, contentType: string, bytes: Buffer) => {
    const form = multipart(name, contentType, bytes);
    const answer = await app.inject({
      method: "POST",
      url: `${base}/images`,
      headers: { authorization: `Bearer ${token}`, "content-type": form.contentType },
      payload: form.payload,
    });
    if (answer.statusCode !== 201) throw new Error(`image upload → ${answer.statusCode} ${answer.body}`);
    return answer.json().id as string;
  };
  for (const { hue, ...speaker } of speakers) {
    const photoImageId = await upload("portrait.jpg", "image/jpeg", await portrait(speaker.name, hue));
    await call("POST", `${base}/speakers/create`, token, { ...speaker, photoImageId });
  }
  for (const { hue, ...partner } of partners) {
    const logoImageId = await upload("logo.png", "image/png", await logo(partner.name, hue));
    await call("POST", `${base}/partners/create`, token, {
      ...partner,
      logoImageId,
      altText: { fr: `Logo de ${partner.name}`, en: `${partner.name} logo` },
    });
  }
  console.log(`The product launch presents ${speakers.length} speakers and ${partners.length} partners.`);
}
