import { vi } from "vitest";
import type { FakeAnswer } from "./test-render";

export type SentUpload = { url: string; headers: Record<string, string>; body: FormData };

/**
 * The browser's upload edge (XMLHttpRequest, which the client uses for progress) for page tests: reports half the
 * body sent, then the server's answer. The returned list records the uploads.
 */
export function fakeUploads(answer: (sent: SentUpload) => FakeAnswer) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = "";
    private headers: Record<string, string> = {};
    open(_method: string, url: URL | string) {
      this.url = String(url);
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      const request = { url: this.url, headers: this.headers, body };
      sent.push(request);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        const { status, body: reply } = answer(request);
        this.status = status;
        this.responseText = reply === undefined ? "" : JSON.stringify(reply);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}
