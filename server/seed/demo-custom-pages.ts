type Call = (method: "GET" | "POST", url: string, token?: string, body?: unknown) => Promise<{ total?: number }>;

/**
 * The product launch's "Practical information" page (issue 21) in French and English, as an organizer writes it in the
 * editor: headings, a list, bold text and a link to the map. It shows in the public page's menu. Once.
 */
export async function seedCustomPages(call: Call, token: string, scope: { accountId: string; eventId: string }) {
  const base = `/api/v1/events/${scope.accountId}/${scope.eventId}/custompages`;
  if (((await call("GET", base, token)).total ?? 0) > 0) {
    console.log("The product launch already has its custom pages.");
    return;
  }
  const map = "https://www.openstreetmap.org/?mlat=48.8637&mlon=2.2301#map=16/48.8637/2.2301";
  await call("POST", `${base}/create`, token, {
    versions: {
      fr: {
        title: "Infos pratiques",
        slug: "infos-pratiques",
        menuTitle: "Infos",
        body:
          "<h2>Accès</h2><p>Le Pavillon Royal est au <strong>Route de Suresnes, Paris</strong>, dans le bois de " +
          `Boulogne. <a href="${map}" target="_blank">Voir le plan</a>.</p>` +
          "<ul><li>Métro : ligne 1, Porte Maillot, puis bus 244.</li><li>Parking gratuit sur place.</li></ul>" +
          "<h2>Horaires</h2><p>Accueil à partir de 17 h, présentation à 18 h, cocktail jusqu'à 22 h.</p>",
      },
      en: {
        title: "Practical information",
        slug: "practical-information",
        menuTitle: "Practical info",
        body:
          "<h2>Getting there</h2><p>The Pavillon Royal is on <strong>Route de Suresnes, Paris</strong>, in the Bois " +
          `de Boulogne. <a href="${map}" target="_blank">See the map</a>.</p>` +
          "<ul><li>Metro: line 1 to Porte Maillot, then bus 244.</li><li>Free parking on site.</li></ul>" +
          "<h2>Times</h2><p>Doors open at 5 pm, presentation at 6 pm, drinks until 10 pm.</p>",
      },
    },
  });
  console.log("The product launch has a Practical information page in French and English.");
}
