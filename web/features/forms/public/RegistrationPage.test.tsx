// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FormItem, PublicForm } from "../../../../contract/forms";
import { PublicLayout } from "../../../ui/public-layout/PublicLayout";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { publicEvent } from "../../public/public.test-fixtures";
import { publicForm, question } from "./public-forms.test-fixtures";
import { RegistrationPage } from "./RegistrationPage";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const items: FormItem[] = [
  question("name", "short_text", "Full name", { required: true }),
  question("room", "unique_choice", "Room", { answers: ["Single", "Double"] }),
  {
    kind: "conditional",
    id: "c1",
    questionId: "room",
    answerId: "room-a2",
    items: [question("partner", "short_text", "Partner's name", { required: true })],
  },
];

/** The event and the form load; `post` answers the submission. */
function open(form: PublicForm, post: (request: FakeRequest) => FakeAnswer = () => ({ status: 500 })) {
  const calls = fakeServer((request) => {
    if (request.method === "POST") return post(request);
    if (request.path.startsWith("/public/events/summer-gala?")) return { status: 200, body: publicEvent() };
    if (request.path === "/public/events/summer-gala/forms/registration") return { status: 200, body: form };
    return { status: 404 };
  });
  renderPage([{ element: <PublicLayout />, children: [{ path: "register", element: <RegistrationPage /> }] }], {
    url: "/en/summer-gala/register",
    language: "en",
    scopePath: "/:lang/:event",
  });
  return calls;
}
const posts = (calls: FakeRequest[]) => calls.filter((call) => call.method === "POST");

async function fillValidRegistration() {
  fireEvent.change(await screen.findByLabelText(/Your email/), { target: { value: "Ines@Example.com" } });
  fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Inès Moreau" } });
  fireEvent.click(screen.getByRole("radio", { name: "Double" }));
  fireEvent.change(await screen.findByLabelText(/Partner's name/), { target: { value: "Léa" } });
  fireEvent.click(screen.getByRole("checkbox", { name: /personal data/ }));
}

describe("registration page", () => {
  it("checks the answers in the browser with the server's words and sends nothing while they break a rule", async () => {
    const calls = open(publicForm(items));
    expect(await screen.findByRole("heading", { name: "Register" })).toBeTruthy();
    expect(document.title).toBe("Registration · Summer gala · Eventdesk");
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(screen.getByText("Please accept the privacy policy.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Your email/)));
    // The conditional question opens, and its rule follows the guest's answers.
    fireEvent.click(screen.getByRole("radio", { name: "Double" }));
    expect(screen.getAllByText("This field is required.")).toHaveLength(3);
    expect(posts(calls)).toEqual([]);
  });

  it("sends the visible answers and shows the confirmation, the status and the member area", async () => {
    const calls = open(publicForm(items, { requiresApproval: true }), () => ({
      status: 201,
      body: { guestId: "g1", status: "pending_approval", updated: false },
    }));
    await fillValidRegistration();
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByRole("heading", { name: "Thank you for registering!" })).toBeTruthy();
    expect(screen.getByText("Your registration is awaiting the organizer's approval.")).toBeTruthy();
    expect(screen.getByText("See you soon!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to my member area" }).getAttribute("href")).toBe(
      "/en/summer-gala/member",
    );
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        path: "/en/summer-gala/forms/sendForm/form1",
        body: {
          formId: "form1",
          mail: "Ines@Example.com",
          items: { name: "Inès Moreau", room: "room-a2", partner: "Léa" },
          termsAccepted: false,
          privacyAccepted: true,
          companions: [],
          recommendations: [],
        },
      }),
    ]);
  });

  it("puts the server's field messages under their inputs and focuses the first", async () => {
    open(publicForm(items), () =>
      errorAnswer(400, "QUOTA_FILLED", "Quota is filled for this option.", {
        "items.room": "Quota is filled for this option.",
      }),
    );
    await fillValidRegistration();
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    const room = screen.getByRole("radiogroup", { name: "Room" });
    await waitFor(() => expect(document.activeElement).toBe(within(room).getByRole("radio", { name: "Single" })));
    const message = within(room.parentElement as HTMLElement).getByText("Quota is filled for this option.");
    expect(room.getAttribute("aria-describedby")).toContain(message.id);
    // Choosing again takes the server's message away.
    fireEvent.click(within(room).getByRole("radio", { name: "Single" }));
    expect(within(room.parentElement as HTMLElement).queryByText("Quota is filled for this option.")).toBeNull();
  });

  it("explains an existing registration and links to the member area", async () => {
    const already = "You are already registered. Sign in to your member area to change your registration.";
    open(publicForm(items), () => errorAnswer(409, "ALREADY_REGISTERED", already));
    await fillValidRegistration();
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText(already)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to my member area" }).getAttribute("href")).toBe(
      "/en/summer-gala/member",
    );
  });

  it("adds companions up to the maximum, each answering the companion form", async () => {
    const companionForm = {
      id: "form2",
      items: [question("diet", "dropdown", "Diet", { answers: ["Vegan", "None"] })],
      // The companion form's own filled quota: shown disabled to each companion.
      filledAnswerIds: ["diet-a2"],
    };
    const calls = open(publicForm(items, { maxCompanions: 1, companionForm }), () =>
      errorAnswer(400, "FIELD_INVALID", "Some fields are invalid.", {
        "companions.0.mail": "This guest already exists.",
      }),
    );
    await fillValidRegistration();
    fireEvent.click(screen.getByRole("button", { name: "Add a companion" }));
    expect(screen.queryByRole("button", { name: "Add a companion" })).toBeNull();
    const companion = screen.getByRole("group", { name: "Companion 1" });
    fireEvent.change(within(companion).getByLabelText(/email/), { target: { value: "lea@example.com" } });
    const filled = within(companion).getByRole("option", { name: /None — / }) as HTMLOptionElement;
    expect(filled.disabled).toBe(true);
    fireEvent.change(within(companion).getByLabelText("Diet"), { target: { value: "diet-a1" } });
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await within(companion).findByText("This guest already exists.")).toBeTruthy();
    expect(posts(calls)[0]?.body).toMatchObject({
      companions: [{ mail: "lea@example.com", items: { diet: "diet-a1" } }],
    });
  });

  it("says when registration opens, and that a full event takes no more registrations", async () => {
    open(publicForm(items, { availability: "not_yet_open", opensAt: "2030-05-01T08:00:00.000Z" }));
    expect(await screen.findByText(/Registration opens on .*May 1, 2030.*10:00/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
    cleanup();
    open(publicForm(items, { availability: "full" }));
    expect(await screen.findByText("This event is full: no more registrations are accepted.")).toBeTruthy();
  });

  it("asks for the terms when the form has a terms file, with a link to read them", async () => {
    const calls = open(publicForm(items, { termsUrl: "/api/v1/public/events/summer-gala/forms/form1/terms" }));
    await fillValidRegistration();
    expect(screen.getByRole("link", { name: /Read the terms/ }).getAttribute("href")).toBe(
      "/api/v1/public/events/summer-gala/forms/form1/terms",
    );
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Please accept the terms.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });
});

describe("registration page opened by a personal registration link", () => {
  const named: FormItem[] = [
    question("first", "short_text", "First name", { target: { kind: "guest", field: "firstName" } }),
    question("last", "short_text", "Last name", { target: { kind: "guest", field: "lastName" } }),
    question("company", "short_text", "Company"),
  ];

  function openInvited(token: string) {
    fakeServer((request) => {
      if (request.path.startsWith("/public/events/summer-gala?")) return { status: 200, body: publicEvent() };
      if (request.path === "/public/events/summer-gala/forms/registration")
        return { status: 200, body: publicForm(named) };
      if (request.path === "/public/events/summer-gala/invitations/good.token")
        return { status: 200, body: { firstName: "Inès", lastName: "Moreau", email: "ines@example.com" } };
      return { status: 404, body: { error: { code: "NOT_FOUND", message: "Not found." } } };
    });
    renderPage([{ element: <PublicLayout />, children: [{ path: "register", element: <RegistrationPage /> }] }], {
      url: `/en/summer-gala/register?invitation=${token}`,
      language: "en",
      scopePath: "/:lang/:event",
    });
  }

  it("pre-fills the email, first name and last name of the invited guest", async () => {
    openInvited("good.token");
    expect(((await screen.findByLabelText(/Your email/)) as HTMLInputElement).value).toBe("ines@example.com");
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe("Inès");
    expect((screen.getByLabelText(/Last name/) as HTMLInputElement).value).toBe("Moreau");
    expect((screen.getByLabelText(/Company/) as HTMLInputElement).value).toBe("");
  });

  it("shows the empty form for a token the server does not know", async () => {
    openInvited("forged.token");
    expect(((await screen.findByLabelText(/Your email/)) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe("");
  });
});
