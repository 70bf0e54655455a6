// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MemberSharedFile } from "../../../../contract/shared-files";
import { memberSessionStore } from "../../../ui/public-layout/member-session";
import { fakeServer, renderPage } from "../../../ui/test-render";
import { publicEvent, publicPages } from "../../public/public.test-fixtures";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const registration = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  status: "confirmed",
  registered: true,
  registeredAt: "2030-05-01T10:00:00.000Z",
  companionsExpected: 0,
  namelessCompanions: 0,
  companions: [],
  answers: [],
};
const fileId = "5c000000-0000-4000-8000-000000000001";
const shared: MemberSharedFile[] = [
  {
    id: fileId,
    name: "Attestation.pdf",
    size: 1_530_000,
    contentType: "application/pdf",
    sharedAt: "2030-05-01T10:00:00.000Z",
    lastDownloadedAt: null,
  },
];

function signedIn(items: MemberSharedFile[]) {
  memberSessionStore.set("summer-gala", "ms_session");
  return fakeServer((request) => {
    if (request.path.startsWith("/public/events/summer-gala?")) return { status: 200, body: publicEvent() };
    if (request.path.endsWith("/member/answers")) return { status: 200, body: { items: [] } };
    if (request.path.endsWith("/member/orders")) return { status: 200, body: { orders: [], heldTickets: [] } };
    if (request.path.endsWith("/member/shared-files")) return { status: 200, body: { items } };
    if (request.path.endsWith("/download")) return { status: 200, body: {} };
    return { status: 200, body: registration };
  });
}

describe("member area: files shared with the guest", () => {
  it("lists them with their size in the page's language and downloads one with the member session", async () => {
    const calls = signedIn(shared);
    renderPage(publicPages, { url: "/fr/summer-gala/member", language: "fr", scopePath: "/:lang/:event" });
    const section = await screen.findByRole("region", { name: "Fichiers pour vous" }, { timeout: 5000 });
    expect(within(section).getByText("Attestation.pdf")).toBeTruthy();
    expect(within(section).getByText("1,5 Mo")).toBeTruthy();
    URL.createObjectURL = () => "blob:file";
    URL.revokeObjectURL = () => {};
    fireEvent.click(within(section).getByRole("button", { name: "Télécharger Attestation.pdf" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith("/download"))).toMatchObject({
        path: `/public/events/summer-gala/member/shared-files/${fileId}/download`,
        headers: expect.objectContaining({ authorization: "Bearer ms_session" }),
      }),
    );
  });

  it("shows nothing to a guest without shared files", async () => {
    signedIn([]);
    renderPage(publicPages, { url: "/en/summer-gala/member", language: "en", scopePath: "/:lang/:event" });
    expect(await screen.findByText("Registration confirmed", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Files for you" })).toBeNull();
  });
});
