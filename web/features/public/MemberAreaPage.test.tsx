// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MemberFormSubmission } from "../../../contract/forms";
import type { MemberRegistration } from "../../../contract/public";
import { memberSessionStore } from "../../ui/public-layout/member-session";
import { errorAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { publicForm, question } from "../forms/public/public-forms.test-fixtures";
import { publicEvent, publicPages } from "./public.test-fixtures";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const registration: MemberRegistration = {
  firstName: "Inès",
  lastName: "Moreau",
  email: "ines@example.com",
  status: "confirmed",
  registered: true,
  registeredAt: "2030-05-01T10:00:00.000Z",
  companionsExpected: 2,
  namelessCompanions: 1,
  companions: [{ firstName: "Léa", lastName: "Moreau" }],
  answers: [{ fieldId: "f1", name: "Ateliers", type: "multiple_choice", value: ["Vin", "Cuisine"] }],
};

const workshops = question("workshops", "multiple_choice", "Workshops", { answers: ["Wine", "Cooking"] });
const submitted: MemberFormSubmission = {
  formId: "form1",
  type: "registration",
  title: { en: "Register" },
  items: [workshops],
  ratingMax: 5,
  answers: { workshops: ["workshops-a1"] },
  files: [],
  companions: [],
  availability: "open",
  canChange: true,
  submittedAt: "2030-05-01T10:00:00.000Z",
};

/** The event loads for every page; `member` answers the member calls; `submissions` are the guest's form answers. */
const server = (
  member: (request: FakeRequest) => { status: number; body?: unknown },
  submissions: MemberFormSubmission[] = [],
) =>
  fakeServer((request) => {
    if (request.path.startsWith("/public/events/summer-gala?")) return { status: 200, body: publicEvent() };
    if (request.path.endsWith("/forms/registration")) return { status: 200, body: publicForm([workshops]) };
    if (request.path.endsWith("/member/answers")) return { status: 200, body: { items: submissions } };
    if (request.path.endsWith("/member/orders")) return { status: 200, body: { orders: [], heldTickets: [] } };
    if (request.path.endsWith("/member/shared-files")) return { status: 200, body: { items: [] } };
    return member(request);
  });
// renderPage shows its own banner above the layout's: both read the same alert.
const alertText = async () => (await screen.findAllByRole("alert"))[0]?.textContent;
const open = (url: string, language: "fr" | "es" | "en" = "fr") =>
  renderPage(publicPages, { url, language, scopePath: "/:lang/:event" });

describe("member area", () => {
  it("asks for the address, checks it like the server, and says to check the mailbox", async () => {
    const calls = server(() => ({ status: 202, body: { ok: true } }));
    open("/fr/summer-gala/member");
    const email = await screen.findByLabelText(/Adresse e-mail/);
    expect(document.title).toBe("Mon espace membre · Eventdesk");
    fireEvent.change(email, { target: { value: "pas-une-adresse" } });
    fireEvent.click(screen.getByRole("button", { name: "M'envoyer un lien" }));
    expect(await screen.findByText("Adresse e-mail invalide.")).toBeTruthy();

    fireEvent.change(email, { target: { value: "Ines@Example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "M'envoyer un lien" }));
    expect(await screen.findByRole("heading", { name: "Consultez votre boîte mail" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("ines@example.com");
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({
        path: "/public/events/summer-gala/member/link",
        body: { email: "ines@example.com", language: "fr" },
      }),
    ]);
  });

  it("opens the session from the mailed link once, shows the registration and unregisters after confirming", async () => {
    const calls = server((request) => {
      if (request.path.endsWith("/member/session")) return { status: 200, body: { sessionToken: "ms_session" } };
      if (request.path.endsWith("/member/unregister"))
        return { status: 200, body: { ...registration, status: "cancelled" } };
      return { status: 200, body: registration };
    });
    const { router } = open("/fr/summer-gala/member?token=link-1");

    expect(await screen.findByText("Inscription confirmée", {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.search).toBe("");
    expect(memberSessionStore.get("summer-gala")).toBe("ms_session");
    expect(calls.filter((call) => call.path.endsWith("/member/session"))).toEqual([
      expect.objectContaining({ body: { token: "link-1" } }),
    ]);
    const read = calls.find((call) => call.path === "/public/events/summer-gala/member");
    expect(read?.headers.authorization).toBe("Bearer ms_session");
    expect(screen.getByText("2 accompagnants prévus")).toBeTruthy();
    expect(screen.getByText("1 accompagnant sans nom")).toBeTruthy();
    expect(screen.getByText("Léa Moreau")).toBeTruthy();
    expect(screen.getByText("Vin, Cuisine")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voir qui participe" }).getAttribute("href")).toBe(
      "/fr/summer-gala/attendees",
    );

    fireEvent.click(screen.getByRole("button", { name: "Me désinscrire" }));
    const dialog = await screen.findByRole("dialog", { name: "Annuler votre inscription ?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Oui, me désinscrire" }));
    expect(await screen.findByText("Inscription annulée")).toBeTruthy();
    expect(await alertText()).toContain("Votre inscription est annulée.");
    expect(screen.queryByRole("button", { name: "Me désinscrire" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Se déconnecter" }));
    expect(await screen.findByLabelText(/Adresse e-mail/)).toBeTruthy();
    expect(memberSessionStore.get("summer-gala")).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("/member/logout"))).toBe(true));
  });

  it("shows a guest who answered a form their answers once: the form's, not the guest list's copy", async () => {
    memberSessionStore.set("summer-gala", "ms_session");
    server(() => ({ status: 200, body: registration }), [submitted]);
    open("/en/summer-gala/member", "en");
    expect(await screen.findByText("Wine", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText("Vin, Cuisine")).toBeNull();
  });

  it("shows the server's message when the link is spent, and goes back to the address form", async () => {
    const message = "Este enlace no es válido o ha caducado. Solicite uno nuevo.";
    server(() => errorAnswer(400, "LINK_INVALID", message));
    open("/es/summer-gala/member?token=used", "es");
    expect(await alertText()).toContain(message);
    expect(await screen.findByLabelText(/Correo electrónico/)).toBeTruthy();
    expect(memberSessionStore.get("summer-gala")).toBeNull();
  });

  it("forgets an expired session and asks for a new link", async () => {
    memberSessionStore.set("summer-gala", "ms_expired");
    const message = "Your session has expired. Please ask for a new sign-in link.";
    server(() => errorAnswer(401, "MEMBER_SESSION_INVALID", message));
    open("/en/summer-gala/member", "en");
    expect(await alertText()).toContain(message);
    expect(screen.getByLabelText(/Email address/)).toBeTruthy();
    expect(memberSessionStore.get("summer-gala")).toBeNull();
  });
});

describe("attendees page", () => {
  it("lists the attendees to a signed-in guest, and sends others to the member area", async () => {
    memberSessionStore.set("summer-gala", "ms_session");
    server(() => ({
      status: 200,
      body: { items: [{ firstName: "Anna", lastName: "Bell", company: "Bell SA" }], total: 1 },
    }));
    open("/en/summer-gala/attendees", "en");
    expect(await screen.findByRole("cell", { name: "Anna Bell" })).toBeTruthy();
    expect(screen.getByText("1 confirmed attendee")).toBeTruthy();
    cleanup();

    localStorage.clear();
    open("/en/summer-gala/attendees", "en");
    expect((await screen.findByRole("link", { name: "Sign in to your member area" })).getAttribute("href")).toBe(
      "/en/summer-gala/member",
    );
  });
});
