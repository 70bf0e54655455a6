import { mailsTo, tokenFromMail } from "../../testing/fixtures.js";
import type { TestApp } from "../../testing/test-app.js";

/**
 * Signs a guest in to an event's member area the whole way a guest does (emailed link, then session) and returns the
 * member session to send as `Authorization: Bearer`. Each call comes from its own client address, so it never meets
 * the per-address limits of the sign-in.
 */
export async function memberSessionOf(t: TestApp, slug: string, email: string): Promise<string> {
  const url = `/api/v1/public/events/${slug}/member`;
  const headers = { "x-forwarded-for": `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  const asked = await t.request({ method: "POST", url: `${url}/link`, body: { email }, headers });
  if (asked.status !== 202) throw new Error(`member link refused: ${JSON.stringify(asked.body)}`);
  const mail = (await mailsTo(t, email)).at(-1);
  if (!mail) throw new Error("no member link mail");
  const body = { token: tokenFromMail(mail) };
  const session = await t.request({ method: "POST", url: `${url}/session`, body, headers });
  if (session.status !== 200) throw new Error(`member session refused: ${JSON.stringify(session.body)}`);
  return session.body.sessionToken;
}

export type ContentLine = { name: string; params: string[]; value: string };

/**
 * Reads an iCalendar file back as a calendar app does: CRLF line ends checked, folded lines joined again, each line
 * split into its name, parameters and raw value (none of ours quotes a parameter, so the first colon ends them).
 */
export function readIcalendar(text: string): ContentLine[] {
  const lines = text.split("\r\n");
  if (lines.pop() !== "" || lines.some((line) => /[\r\n]/.test(line))) throw new Error("not CRLF line ends");
  return lines
    .join("\r\n")
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      const colon = line.indexOf(":");
      const [name = "", ...params] = line.slice(0, colon).split(";");
      return { name, params, value: line.slice(colon + 1) };
    });
}

/** A TEXT value as written before escaping. */
export const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, escaped: string) => (escaped.toLowerCase() === "n" ? "\n" : escaped));
