// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MemberFormSubmission } from "../../../../contract/forms";
import type { MemberRegistration } from "../../../../contract/public";
import { memberSessionStore } from "../../../ui/public-layout/member-session";
import { PublicLayout } from "../../../ui/public-layout/PublicLayout";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { publicEvent } from "../../public/public.test-fixtures";
import { MemberAnswers } from "./MemberAnswers";
import { publicForm, question } from "./public-forms.test-fixtures";
import { SurveyPage } from "./SurveyPage";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const member = { email: "ines@example.com" } as MemberRegistration;
const venue = question("venue", "rating", "Venue", { required: true });
const survey = publicForm([venue], { id: "survey1", type: "survey", title: { en: "How was it?" } });
const room = question("room", "unique_choice", "Room", { answers: ["Single", "Double"] });
const registration = publicForm([room]);
const submitted: MemberFormSubmission = {
  formId: "form1",
  type: "registration",
  title: { en: "Register" },
  items: [room],
  ratingMax: 5,
  answers: { room: "room-a2" },
  files: [],
  companions: [],
  availability: "open",
  canChange: true,
  submittedAt: "2030-05-01T10:00:00.000Z",
};

function open(page: "survey" | "member", post: (request: FakeRequest) => FakeAnswer = () => ({ status: 500 })) {
  const calls = fakeServer((request) => {
    if (request.method === "POST") return post(request);
    if (request.path.startsWith("/public/events/summer-gala?")) return { status: 200, body: publicEvent() };
    if (request.path.endsWith("/forms/survey")) return { status: 200, body: survey };
    if (request.path.endsWith("/forms/registration")) return { status: 200, body: registration };
    if (request.path.endsWith("/member/answers")) return { status: 200, body: { items: [submitted] } };
    if (request.path.endsWith("/member")) return { status: 200, body: member };
    return { status: 404 };
  });
  const element = page === "survey" ? <SurveyPage /> : <MemberAnswers />;
  renderPage([{ element: <PublicLayout />, children: [{ path: page, element }] }], {
    url: `/en/summer-gala/${page}`,
    scopePath: "/:lang/:event",
  });
  return calls;
}

describe("survey page", () => {
  it("sends a guest who is not signed in to the member area", async () => {
    open("survey");
    expect(await screen.findByText(/sign in to your member area first/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to my member area" }).getAttribute("href")).toBe(
      "/en/summer-gala/member",
    );
  });

  it("sends the member's rating with their session and thanks them", async () => {
    memberSessionStore.set("summer-gala", "ms_session");
    const calls = open("survey", () => ({ status: 201, body: { guestId: "g1", status: "confirmed", updated: true } }));
    expect(await screen.findByRole("heading", { name: "How was it?" })).toBeTruthy();
    expect(screen.queryByLabelText(/Your email/)).toBeNull();
    fireEvent.click(within(screen.getByRole("radiogroup", { name: "Venue" })).getByRole("radio", { name: "4 of 5" }));
    fireEvent.click(screen.getByRole("checkbox", { name: /personal data/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send my answers" }));
    expect(await screen.findByRole("heading", { name: "Thank you for your answers!" })).toBeTruthy();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.path).toBe("/en/summer-gala/forms/sendForm/survey1");
    expect(post?.headers.authorization).toBe("Bearer ms_session");
    expect(post?.body).toMatchObject({ mail: "ines@example.com", items: { venue: 4 } });
  });
});

describe("member answers", () => {
  it("shows the guest's answers and reopens the registration prefilled to change them", async () => {
    memberSessionStore.set("summer-gala", "ms_session");
    const calls = open("member", () => ({ status: 201, body: { guestId: "g1", status: "confirmed", updated: true } }));
    expect(await screen.findByText("Double")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Change my answers" }));
    const double = (await screen.findByRole("radio", { name: "Double" })) as HTMLInputElement;
    expect(double.checked).toBe(true);
    expect((screen.getByLabelText(/Your email/) as HTMLInputElement).value).toBe("ines@example.com");
    fireEvent.click(screen.getByRole("radio", { name: "Single" }));
    fireEvent.click(screen.getByRole("checkbox", { name: /personal data/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save my answers" }));
    expect(await screen.findByRole("button", { name: "Change my answers" })).toBeTruthy();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.headers.authorization).toBe("Bearer ms_session");
    expect(post?.body).toMatchObject({ mail: "ines@example.com", items: { room: "room-a1" } });
  });
});
