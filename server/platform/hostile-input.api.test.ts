import { describe, expect, test } from "vitest";
import { createEvent, eventsUrl } from "../modules/events/events.testing.js";
import { createForm, formBody, formEvent, multipartForm, pdfBytes } from "../modules/forms/forms.testing.js";
import { guestEvent } from "../modules/guests/guests.testing.js";
import { addTicket, buyer, shopEvent } from "../modules/ticketing/orders/orders.testing.js";
import { registerAccount } from "../testing/fixtures.js";
import { madeBeforeAll, type TestResponse, testAppForFile } from "../testing/test-app.js";

/** Input no user means to send: the NUL character (PostgreSQL refuses it in text), bodies too big or of a wrong type. */
const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

const nul = "\u0000";

function expectNulRefused(response: TestResponse, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error).toEqual({
    code: "TEXT_NUL_CHARACTER",
    message: "This text holds a character that is not allowed.",
    fields: { [field]: "This text holds a character that is not allowed." },
  });
}

describe("a NUL character in any text is a field error, never a server error", () => {
  test("sign-in", async () => {
    const body = { email: "someone@example.test", password: `Secret${nul}1` };
    expectNulRefused(await t.request({ method: "POST", url: "/api/v1/auth/login", body }), "password");
  });

  test("event, team, guest and custom field texts", async () => {
    const url = eventsUrl(owner.accountId);
    const body = { name: `Gala${nul}`, slug: "gala-nul", startsAt: new Date(Date.now() + 86_400_000).toISOString() };
    expectNulRefused(await t.request({ method: "POST", url, token: owner.token, body }), "name");
    const team = { name: `Crew${nul}` };
    const teams = `/api/v1/accounts/${owner.accountId}/teams`;
    expectNulRefused(await t.request({ method: "POST", url: teams, token: owner.token, body: team }), "name");

    const event = await guestEvent(t, owner);
    const guest = { firstName: "Ada", lastName: `Love${nul}lace`, email: "ada@example.test" };
    expectNulRefused(
      await t.request({ method: "POST", url: event.users, token: owner.token, body: guest }),
      "lastName",
    );
    const field = { name: `Diet${nul}`, type: "short_text" };
    expectNulRefused(await t.request({ method: "POST", url: event.fields, token: owner.token, body: field }), "name");
    const customValue = { lastName: "Lovelace", customFields: { [`key${nul}`]: "x" } };
    const keyRefused = await t.request({ method: "POST", url: event.users, token: owner.token, body: customValue });
    expectNulRefused(keyRefused, "customFields");
  });

  test("search boxes and path parameters", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const events = `${eventsUrl(owner.accountId)}?query=gala%00`;
    expectNulRefused(await t.request({ method: "GET", url: events, token: owner.token }), "query");
    const guests = `/api/v1/events/${owner.accountId}/${event.id}/users?query=ada%00`;
    expectNulRefused(await t.request({ method: "GET", url: guests, token: owner.token }), "query");
    const audit = `/api/v1/accounts/${owner.accountId}/auditlogs?query=x%00`;
    expectNulRefused(await t.request({ method: "GET", url: audit, token: owner.token }), "query");
    expectNulRefused(await t.request({ method: "GET", url: "/api/v1/public/events/gala%00" }), "slug");
    expectNulRefused(await t.request({ method: "GET", url: `/gala%00/admin/duplicates/getDuplicatesJson` }), "event");
  });

  test("multipart uploads: a file name, and the form builder's JSON field", async () => {
    const event = await formEvent(t, owner);
    const builder = multipartForm({ form: JSON.stringify(formBody({ title: { en: `Sign${nul}up` } })) });
    const saved = await t.request({ method: "POST", url: event.forms, token: owner.token, ...builder });
    expectNulRefused(saved, "title.en");
    const form = await createForm(t, owner.token, event.forms, formBody());
    const terms = multipartForm({}, { name: `terms${nul}.pdf`, bytes: pdfBytes() });
    const url = `${event.forms}/${form.id}/terms`;
    expectNulRefused(await t.request({ method: "POST", url, token: owner.token, ...terms }), "file");
  });

  test("the public shop's cart", async () => {
    const event = await shopEvent(t, owner);
    const ticket = await addTicket(t, owner, event);
    const body = { buyer: { ...buyer(), firstName: `Ada${nul}` }, items: [{ ticketId: ticket.id, quantity: 1 }] };
    expectNulRefused(await t.request({ method: "POST", url: event.carts, body }), "buyer.firstName");
  });
});

describe("links open in a browser only over http or https", () => {
  test("an account's website and an event's social link refuse javascript: with the message showing a valid one", async () => {
    const account = `/api/v1/accounts/${owner.accountId}`;
    const urlRefusal = "Enter a full address starting with https://, like https://example.com.";
    for (const website of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://acme.test"]) {
      const body = { params: { website } };
      const refused = await t.request({ method: "POST", url: account, token: owner.token, body });
      expect(refused.status, website).toBe(400);
      expect(refused.body.error).toEqual({
        code: "URL_INVALID",
        message: urlRefusal,
        fields: { "params.website": urlRefusal },
      });
    }
    const kept = { params: { website: "https://acme.test/about" } };
    const saved = await t.request({ method: "POST", url: account, token: owner.token, body: kept });
    expect(saved.body.params?.website, JSON.stringify(saved.body)).toBe("https://acme.test/about");

    const event = await createEvent(t, owner.token, owner.accountId);
    const social = { socialUrls: { facebook: "JavaScript:alert(document.cookie)" } };
    const eventUrl = `${eventsUrl(owner.accountId)}/${event.id}`;
    const refused = await t.request({ method: "POST", url: eventUrl, token: owner.token, body: social });
    expect(refused.body.error.fields).toEqual({ "socialUrls.facebook": urlRefusal });
  });
});

describe("bodies too big or of a type not accepted", () => {
  test("a JSON body over the limit answers 413 with the spec's message", async () => {
    const body = { email: "someone@example.test", password: "x".repeat(1_100_000) };
    const response = await t.request({ method: "POST", url: "/api/v1/auth/login", body, language: "fr" });
    expect(response.status).toBe(413);
    expect(response.body.error).toEqual({
      code: "FILE_TOO_BIG",
      message: "Le fichier envoyé est trop volumineux.",
    });
  });

  test("a text/plain body to a JSON route answers 415, not 400", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/auth/login",
      body: '{"email":"someone@example.test","password":"x"}',
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toEqual({ code: "TYPE_NOT_ACCEPTED", message: "The type uploaded is not accepted." });
  });
});
