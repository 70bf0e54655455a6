import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TestApp } from "../../../testing/test-app.js";

/** Helpers shared by the import tests. */

/** A multipart body with one `file` part, as a browser's FormData sends it. */
export function multipart(fileName: string, bytes: Buffer, contentType = "text/csv") {
  const boundary = `----import${randomBytes(8).toString("hex")}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  url: string,
  token: string,
  file: { name: string; bytes: Buffer; type?: string },
  options: { hasHeaders?: boolean; language?: string } = {},
) {
  const { body, headers } = multipart(file.name, file.bytes, file.type);
  return t.request({
    method: "POST",
    url,
    token,
    body,
    language: options.language,
    headers: { ...headers, "x-has-headers": options.hasHeaders === false ? "0" : "1" },
  });
}

/** Polls GET imports/:id until the job has finished (jobs poll every 0.5 s in tests). */
export async function waitForImport(t: TestApp, url: string, token: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.request({ method: "GET", url, token });
    expect(response.status).toBe(200);
    if (["completed", "failed"].includes(response.body.status)) return response.body;
    if (Date.now() > deadline) throw new Error(`import still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
