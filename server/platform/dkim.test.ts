import { createHash, createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSmtpServer, waitFor } from "../testing/smtp.js";
import { dkimOptionsFor, domainOfAddress } from "./dkim.js";

/** The tags of a DKIM-Signature header value: `v=1; a=rsa-sha256; d=...`. */
function tagsOf(value: string): Record<string, string> {
  return Object.fromEntries(
    value
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf("=");
        return [part.slice(0, at).trim(), part.slice(at + 1).replace(/\s+/g, "")];
      }),
  );
}

/** RFC 6376 §3.4.2 relaxed header canonicalization. */
const relaxedHeader = (name: string, value: string) =>
  `${name.toLowerCase()}:${value
    .replace(/\r\n[ \t]/g, " ")
    .replace(/[ \t]+/g, " ")
    .trim()}\r\n`;

/** RFC 6376 §3.4.4 relaxed body canonicalization. */
function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines.length === 0 ? "" : `${lines.join("\r\n")}\r\n`;
}

/** Checks a message's DKIM signature (relaxed/relaxed, rsa-sha256) against a public key: body hash and signature. */
function verifyDkim(raw: string, publicKeyPem: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split + 2);
  const body = raw.slice(split + 4);
  const fields = head
    .split(/\r\n(?![ \t])/)
    .filter(Boolean)
    .map((field) => {
      const colon = field.indexOf(":");
      return { name: field.slice(0, colon), value: field.slice(colon + 1) };
    });
  const signature = fields.find((field) => field.name.toLowerCase() === "dkim-signature");
  if (!signature) throw new Error("no DKIM-Signature");
  const tags = tagsOf(signature.value.replace(/\r\n/g, ""));
  expect(tags.c).toBe("relaxed/relaxed");
  const bodyHash = createHash("sha256").update(relaxedBody(body)).digest("base64");
  const signedNames = (tags.h ?? "").split(":");
  // Each name takes the last instance not taken yet (RFC 6376 §5.4.2).
  const remaining = fields.filter((field) => field !== signature);
  const signedHeaders = signedNames
    .map((name) => {
      const index = remaining.map((field) => field.name.toLowerCase()).lastIndexOf(name.toLowerCase());
      if (index < 0) return "";
      const [field] = remaining.splice(index, 1);
      return field ? relaxedHeader(field.name, field.value) : "";
    })
    .join("");
  const unsigned = relaxedHeader(signature.name, signature.value.replace(/b=[^;]*$/, "b=")).replace(/\r\n$/, "");
  const valid = verify(
    "sha256",
    Buffer.from(signedHeaders + unsigned),
    createPublicKey(publicKeyPem),
    Buffer.from(tags.b ?? "", "base64"),
  );
  return { tags, bodyHashMatches: tags.bh === bodyHash, valid };
}

describe("DKIM", () => {
  let keysDir: string;
  let publicKey: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    keysDir = mkdtempSync(path.join(tmpdir(), "dkim-"));
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    publicKey = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
    writeFileSync(
      path.join(keysDir, "acme.test.mail2026.pem"),
      pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    );
    writeFileSync(path.join(keysDir, "README.txt"), "not a key");
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(keysDir, { recursive: true, force: true });
  });

  test("the key of a sender's domain (or a parent domain) is found by its file name; others get none", () => {
    const config = { dkimKeysDir: keysDir };
    expect(dkimOptionsFor(config, "news@acme.test")).toMatchObject({
      domainName: "acme.test",
      keySelector: "mail2026",
    });
    expect(dkimOptionsFor(config, "Acme News <News@Mail.ACME.test>")).toMatchObject({ domainName: "acme.test" });
    expect(dkimOptionsFor(config, "someone@globex.test")).toBeUndefined();
    expect(dkimOptionsFor(config, "someone@test")).toBeUndefined();
    expect(dkimOptionsFor({ dkimKeysDir: undefined }, "news@acme.test")).toBeUndefined();
    expect(domainOfAddress("Name <a@B.example>")).toBe("b.example");
    expect(domainOfAddress("no address")).toBeUndefined();
  });

  test("a mail sent with it carries a DKIM-Signature (d=domain, s=selector) that verifies with the public key", async () => {
    const dkim = dkimOptionsFor({ dkimKeysDir: keysDir }, "news@acme.test");
    expect(dkim).toBeDefined();
    const transport = nodemailer.createTransport({ url: smtp.url, dkim } as never);
    await transport.sendMail({
      from: "Acme News <news@acme.test>",
      to: "guest@example.test",
      subject: "Our next event",
      text: "Hello,\n\nsee you there.  \n",
      html: "<p>Hello, see you there.</p>",
    });
    const message = await waitFor(
      async () => smtp.received.find((m) => m.to.includes("guest@example.test")),
      "the signed mail",
    );
    const result = verifyDkim(message.raw.replace(/\r?\n/g, "\r\n"), publicKey);
    expect(result.tags).toMatchObject({ d: "acme.test", s: "mail2026", a: "rsa-sha256" });
    expect(result.bodyHashMatches).toBe(true);
    expect(result.valid).toBe(true);
    // A changed subject no longer verifies: the check is real.
    const tampered = verifyDkim(
      message.raw.replace(/\r?\n/g, "\r\n").replace("Subject: Our next event", "Subject: Our last event"),
      publicKey,
    );
    expect(tampered.valid).toBe(false);
  });
});
