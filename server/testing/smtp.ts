import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** Test helpers for mail delivery over SMTP: a real server on loopback, and reading what it received. */

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback: what nodemailer hands it is what a provider would receive. */
export async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("bounce")) return callback(new Error("550 mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One header of a raw message, with RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded. */
export function header(raw: string, name: string): string | undefined {
  const [head = ""] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const value = unfolded.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1]?.trim();
  return value
    ?.replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replaceAll("_", " ")
              .replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** The MIME parts of a raw message that are PDF files, with their file names and decoded bytes. */
export function pdfParts(raw: string) {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .filter((part) => /content-type: application\/pdf/i.test(part))
    .map((part) => {
      const [head = "", ...body] = part.split(/\r?\n\r?\n/);
      const filename = head.replace(/\r?\n[ \t]+/g, " ").match(/filename="?([^";\r\n]+)"?/i)?.[1];
      const bytes = Buffer.from(
        body
          .join("")
          .replace(/--[^\s]*--\s*$/, "")
          .replace(/\s+/g, ""),
        "base64",
      );
      return { filename, bytes };
    });
}
