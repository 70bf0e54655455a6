// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorAnswer, renderPage } from "../../ui/test-render";
import { eventPageServer, noContent, publicEvent, publicPages } from "./public.test-fixtures";

afterEach(cleanup);

describe("public event page", () => {
  it("shows the event in the page's language and the event's timezone, with its map and pages", async () => {
    const calls = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url: "/es/summer-gala", language: "es", scopePath: "/:lang/:event" });

    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(document.title).toBe("Summer gala · Eventdesk");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/public/events/summer-gala?lang=es" });
    // 17:00 UTC is 19:00 in Madrid in June.
    expect(screen.getByText(/5 de junio de 2030.*19:00.*23:00/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver en el mapa" }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/?mlat=40.4139&mlon=-3.6819#map=17/40.4139/-3.6819",
    );
    // The organizer's text is text: markup in it is shown, never run.
    expect(screen.getByText(/Una velada <b>inolvidable<\/b>\./)).toBeTruthy();
    expect(document.querySelector("main b")).toBeNull();

    const register = screen.getByRole("button", { name: "Inscribirse" }) as HTMLButtonElement;
    expect(register.disabled).toBe(true);
    expect(screen.getByText("Las inscripciones no están abiertas.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mi área de miembro" }).getAttribute("href")).toBe(
      "/es/summer-gala/member",
    );
    expect(screen.getByRole("link", { name: "Asistentes" }).getAttribute("href")).toBe("/es/summer-gala/attendees");
    expect(screen.getByRole("link", { name: "Contactar con el organizador" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Encuesta de satisfacción" })).toBeNull();
    expect(screen.getByRole("link", { name: "Instagram" }).getAttribute("href")).toBe("https://instagram.example/gala");
    expect(screen.getByRole("button", { name: /Español/ })).toBeTruthy();
  });

  it("links to registration when it is open, and searches the address when there are no coordinates", async () => {
    eventPageServer(() => ({
      status: 200,
      body: publicEvent({
        modules: { registration: true, survey: true, contact: true, attendees: false, memberArea: true },
        latitude: null,
        longitude: null,
        allDay: true,
        endsAt: null,
      }),
    }));
    renderPage(publicPages, { url: "/fr/summer-gala", language: "fr", scopePath: "/:lang/:event" });
    expect((await screen.findByRole("link", { name: "S'inscrire" })).getAttribute("href")).toBe(
      "/fr/summer-gala/register",
    );
    expect(screen.getByText("mercredi 5 juin 2030")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voir sur la carte" }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/search?query=Palacio%20de%20Cristal%2C%20Parque%20del%20Retiro%2C%20Madrid%2C%20Espa%C3%B1a",
    );
    expect(screen.getByRole("link", { name: "Questionnaire de satisfaction" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Participants" })).toBeNull();
  });

  it("declares the account's fonts and sets the page in its regular face, the alternate font standing in", async () => {
    const url = (key: string) => `https://events.example.test/api/v1/fonts/${key}.woff2`;
    eventPageServer(() => ({
      status: 200,
      body: publicEvent({
        fonts: [
          { family: 'Brand "Sans"', type: "bold", url: url("bold"), alternateFont: "Georgia" },
          { family: 'Brand "Sans"', type: "regular", url: url("regular"), alternateFont: "Georgia" },
        ],
      }),
    }));
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });
    const heading = await screen.findByRole("heading", { level: 1, name: "Summer gala" });
    const declared = [...document.querySelectorAll("style")].filter((style) =>
      style.textContent?.includes("@font-face"),
    );
    expect(declared).toHaveLength(1);
    const faces = declared[0]?.textContent ?? "";
    expect(faces.match(/@font-face/g)).toHaveLength(2);
    expect(faces).toContain(
      `@font-face { font-family: "Brand \\22 Sans\\22 "; src: url("${url("bold")}") format("woff2"); font-weight: 700; font-style: normal; font-display: swap; }`,
    );
    expect(faces).toContain(`url("${url("regular")}") format("woff2"); font-weight: 400; font-style: normal;`);
    // The heading is inside the frame that sets the page's type.
    const frame = declared[0]?.parentElement;
    expect(frame?.contains(heading)).toBe(true);
    expect(frame?.style.fontFamily).toBe('"Brand \\"Sans\\"", "Georgia", serif');
    expect(frame?.style.getPropertyValue("--mantine-font-family-headings")).toBe(
      '"Brand \\22 Sans\\22 ", "Georgia", serif',
    );
  });

  it("declares no font when the account has none", async () => {
    eventPageServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });
    await screen.findByRole("heading", { level: 1, name: "Summer gala" });
    expect(document.body.innerHTML).not.toContain("@font-face");
  });

  it("says so when the event does not exist or is no longer online", async () => {
    eventPageServer(() => errorAnswer(404, "NOT_FOUND", "Not found."));
    renderPage(publicPages, { url: "/en/gone-event", scopePath: "/:lang/:event" });
    expect(await screen.findByRole("heading", { name: "Event not found" })).toBeTruthy();
    expect(document.title).toBe("Event not found · Eventdesk");
  });
});

describe("adding the event to a calendar and sharing it", () => {
  /** jsdom has neither a share sheet nor a clipboard: each test gives the browser those it plays. */
  const give = (name: "share" | "clipboard", value: unknown) =>
    Object.defineProperty(navigator, name, { value, configurable: true });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "share");
    Reflect.deleteProperty(navigator, "clipboard");
  });

  const openPage = async (url = "/fr/summer-gala") => {
    eventPageServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url, language: "fr", scopePath: "/:lang/:event" });
    await screen.findByRole("heading", { level: 1, name: "Summer gala" });
  };

  it("downloads the calendar file in the page's language with a plain link", async () => {
    await openPage();
    const link = screen.getByRole("link", { name: "Ajouter à l'agenda" });
    expect(link.getAttribute("href")).toBe("/api/v1/public/events/summer-gala/calendar.ics?lang=fr");
    expect(link.getAttribute("download")).toBe("summer-gala.ics");
  });

  it("opens the share sheet with the page's address, without the personal invitation", async () => {
    const share = vi.fn(async () => {});
    give("share", share);
    await openPage("/fr/summer-gala?invitation=personal.token");
    fireEvent.click(screen.getByRole("button", { name: "Partager" }));
    await waitFor(() => expect(share).toHaveBeenCalledOnce());
    expect(share).toHaveBeenCalledWith({ title: "Summer gala", url: `${window.location.origin}/fr/summer-gala` });
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("copies the address and says so without a share sheet, and shows it when the copy is refused", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    give("clipboard", { writeText });
    await openPage();
    fireEvent.click(screen.getByRole("button", { name: "Partager" }));
    expect(await screen.findByText("Lien de l'événement copié.")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/fr/summer-gala`);

    writeText.mockRejectedValueOnce(new DOMException("Denied", "NotAllowedError"));
    fireEvent.click(screen.getByRole("button", { name: "Partager" }));
    expect(
      await screen.findByText(`Copiez ce lien pour partager l'événement : ${window.location.origin}/fr/summer-gala`),
    ).toBeTruthy();
  });

  it("keeps quiet when the guest closes the share sheet", async () => {
    give(
      "share",
      vi.fn(async () => Promise.reject(new DOMException("Cancelled", "AbortError"))),
    );
    const writeText = vi.fn(async (_text: string) => {});
    give("clipboard", { writeText });
    await openPage();
    fireEvent.click(screen.getByRole("button", { name: "Partager" }));
    await waitFor(() => expect(navigator.share).toHaveBeenCalled());
    // The refusal is handled once the share's promise settles: let it.
    await new Promise((resolve) => setTimeout(resolve));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});

describe("public event page opened by a personal registration link", () => {
  it("greets the invited guest by first name and carries the invitation to the registration form", async () => {
    eventPageServer((request) => {
      if (request.path === "/public/events/summer-gala/invitations/good.token")
        return { status: 200, body: { firstName: "Inès", lastName: "Moreau", email: "ines@example.com" } };
      const modules = { registration: true, survey: false, contact: false, attendees: false, memberArea: true };
      return { status: 200, body: publicEvent({ modules }) };
    });
    renderPage(publicPages, {
      url: "/en/summer-gala?invitation=good.token",
      language: "en",
      scopePath: "/:lang/:event",
    });
    expect(await screen.findByText("Hello Inès, you are invited.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/en/summer-gala/register?invitation=good.token",
    );
  });
});

describe("public event page's cover (issue 21)", () => {
  const picture = (id: string, width: number, height: number) => ({
    width,
    height,
    url: `https://events.example.test/api/v1/images/${id}/1280`,
    variants: [320, 640, 1280].flatMap((nominal) => {
      const size = { width: nominal, height: Math.round((nominal * height) / width), size: 1000 };
      const url = `https://events.example.test/api/v1/images/${id}/${nominal}`;
      return [
        { name: String(nominal), contentType: "image/jpeg", url, ...size },
        { name: `${nominal}.webp`, contentType: "image/webp", url: `${url}.webp`, ...size },
      ];
    }),
  });

  it("shows the banner as a cover loaded first, with its copies by width, and the logo", async () => {
    eventPageServer(() => ({
      status: 200,
      body: publicEvent({
        images: { banner: picture("banner", 1600, 800), logo: picture("logo", 400, 200), favicon: null },
      }),
    }));
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });
    const logo = (await screen.findByRole("img", { name: "Logo of Summer gala" })) as HTMLImageElement;
    expect(logo.getAttribute("src")).toBe("https://events.example.test/api/v1/images/logo/320");
    const cover = document.querySelector("main picture img") as HTMLImageElement;
    expect(cover.getAttribute("src")).toBe("https://events.example.test/api/v1/images/banner/640");
    expect(cover.getAttribute("srcset")).toContain("https://events.example.test/api/v1/images/banner/1280 1280w");
    expect(cover.getAttribute("loading")).toBe("eager");
    expect(cover.getAttribute("fetchpriority")).toBe("high");
    expect([cover.getAttribute("width"), cover.getAttribute("height")]).toEqual(["1600", "800"]);
    const webp = document.querySelector("main picture source") as HTMLSourceElement;
    expect(webp.getAttribute("type")).toBe("image/webp");
    expect(webp.getAttribute("srcset")).toContain("banner/320.webp 320w");
    expect(screen.queryByTestId("cover-placeholder")).toBeNull();
  });

  it("falls back to a colour block with the day and month, and no logo, when the event has neither", async () => {
    eventPageServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });
    const block = await screen.findByTestId("cover-placeholder");
    // The day and month in the event's timezone, hidden from screen readers: the full dates follow as text.
    expect(block.getAttribute("aria-hidden")).toBe("true");
    expect(block.textContent).toBe("5Jun");
    expect(document.querySelector("main img")).toBeNull();
  });
});

describe("public event page's content (issue 21)", () => {
  const photo = (id: string) => ({
    width: 400,
    height: 400,
    url: `https://events.example.test/api/v1/images/${id}/400`,
    variants: [
      { name: "320", width: 320, height: 320, contentType: "image/jpeg", size: 900, url: `/img/${id}/320` },
      { name: "320.webp", width: 320, height: 320, contentType: "image/webp", size: 700, url: `/img/${id}/320.webp` },
    ],
  });
  const content = {
    ...noContent,
    speakers: [
      {
        id: "s1",
        name: "Ada Lovelace",
        job: "Engineer",
        company: "Analytical Engines",
        biography: "First programmer.\nWrote <b>notes</b>.",
        photo: photo("ada"),
        socialUrls: { linkedin: "https://www.linkedin.com/in/ada" },
      },
      { id: "s2", name: "Grace Hopper", job: "", company: "", biography: "", photo: null, socialUrls: {} },
    ],
    partners: [
      { id: "p1", name: "Acme", link: "https://acme.example", width: 120, altText: "Acme's logo", logo: photo("acme") },
      { id: "p2", name: "Globex", link: "", width: null, altText: "Globex", logo: null },
    ],
    pages: [],
  };

  it("shows the speakers and partners the content request answers, under their anchors", async () => {
    const calls = eventPageServer(() => ({ status: 200, body: publicEvent() }), content);
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });

    // The sections' code is a chunk of its own, loaded once the content has come.
    const speakers = await screen.findByRole("region", { name: "Speakers" }, { timeout: 5000 });
    expect(speakers.id).toBe("speakers");
    expect(calls.map((call) => call.path)).toContain("/public/events/summer-gala/content?lang=en");
    expect(screen.getByRole("heading", { level: 3, name: "Ada Lovelace" })).toBeTruthy();
    expect(screen.getByText("Engineer · Analytical Engines")).toBeTruthy();
    // The organizer's text is text: markup in it is shown, never run.
    expect(screen.getByText(/Wrote <b>notes<\/b>\./)).toBeTruthy();
    expect(speakers.querySelector("b")).toBeNull();
    expect(screen.getByRole("link", { name: "Ada Lovelace on LinkedIn" }).getAttribute("href")).toBe(
      "https://www.linkedin.com/in/ada",
    );
    const portrait = speakers.querySelector("img");
    expect(portrait?.getAttribute("loading")).toBe("lazy");
    expect(portrait?.getAttribute("srcset")).toBe("/img/ada/320 320w");
    expect(speakers.querySelector("source")?.getAttribute("srcset")).toBe("/img/ada/320.webp 320w");

    const partners = screen.getByRole("region", { name: "Partners" });
    expect(partners.id).toBe("partners");
    const logo = screen.getByRole("img", { name: "Acme's logo" });
    expect(logo.closest("a")?.getAttribute("href")).toBe("https://acme.example");
    expect(logo.style.width).toBe("120px");
    expect(screen.getByText("Globex").closest("a")).toBeNull();
  });

  it("shows no content section when the event has none", async () => {
    eventPageServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Speakers" })).toBeNull());
    expect(document.getElementById("partners")).toBeNull();
  });

  it("shows the program in the event's timezone, the documents with type and size, and opens photos in a lightbox", async () => {
    const photos = ["a", "b", "c"].map((id, index) => ({ id, caption: index === 0 ? "The stage" : "", ...photo(id) }));
    eventPageServer(() => ({ status: 200, body: publicEvent() }), {
      ...noContent,
      program: [
        {
          id: "p1",
          title: "Opening",
          startsAt: "2030-06-05T07:00:00.000Z",
          endsAt: "2030-06-05T08:30:00.000Z",
          location: "Main hall",
          description: "",
          speakers: [{ id: "s1", name: "Ada Lovelace", job: "", company: "" }],
        },
      ],
      documents: [
        {
          id: "d1",
          name: "Programme",
          fileLanguage: null,
          fileName: "programme.pdf",
          contentType: "application/pdf",
          size: 250_000,
          url: "/api/v1/public/events/summer-gala/documents/d1/file",
        },
      ],
      photos,
    });
    renderPage(publicPages, { url: "/en/summer-gala", language: "en", scopePath: "/:lang/:event" });

    const program = await screen.findByRole("region", { name: "Program" }, { timeout: 15_000 });
    expect(program.id).toBe("program");
    // 07:00 UTC is 09:00 in Madrid in June.
    expect(screen.getByText(/Jun 5, 9:00\s*–\s*10:30/)).toBeTruthy();
    expect(screen.getByText("With Ada Lovelace")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Programme" }).getAttribute("href")).toBe(
      "/api/v1/public/events/summer-gala/documents/d1/file",
    );
    expect(screen.getByText("(PDF, 250 kB)")).toBeTruthy();

    const gallery = screen.getByRole("region", { name: "Photos" });
    const thumbnails = gallery.querySelectorAll("button");
    expect(thumbnails).toHaveLength(3);
    expect(screen.getByRole("img", { name: "Photo 2 of 3" }).getAttribute("loading")).toBe("lazy");
    fireEvent.click(thumbnails[1] as HTMLButtonElement);
    const lightbox = await screen.findByRole("dialog", { name: "Photos" }, { timeout: 5000 });
    expect(lightbox.textContent).toContain("2 / 3");
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Close the photo"));
    fireEvent.keyDown(lightbox, { key: "ArrowRight" });
    expect(lightbox.textContent).toContain("3 / 3");
    fireEvent.keyDown(lightbox, { key: "ArrowRight" });
    expect(lightbox.textContent).toContain("1 / 3");
    expect(lightbox.textContent).toContain("The stage");
    fireEvent.keyDown(lightbox, { key: "ArrowLeft" });
    expect(lightbox.textContent).toContain("3 / 3");
    // A swipe to the left shows the next one.
    fireEvent.touchStart(lightbox, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(lightbox, { changedTouches: [{ clientX: 100 }] });
    expect(lightbox.textContent).toContain("1 / 3");
    fireEvent.keyDown(lightbox, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    // The focus is back on the thumbnail that opened it.
    expect(document.activeElement).toBe(thumbnails[1]);
  });
});
