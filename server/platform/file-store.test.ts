import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { localFileStore, sniffFileKind } from "./file-store.js";

const root = await mkdtemp(path.join(tmpdir(), "file-store-"));
afterAll(() => rm(root, { recursive: true, force: true }));

describe("sniffFileKind", () => {
  it("recognises a type from its first bytes, whatever the name says", () => {
    expect(sniffFileKind(Buffer.from("%PDF-1.7\n..."), ["pdf"])).toBe("pdf");
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(sniffFileKind(png, ["pdf", "png"])).toBe("png");
    expect(sniffFileKind(Buffer.from("RIFF\0\0\0\0WEBPVP8 "), ["webp"])).toBe("webp");
  });

  it("refuses a type outside the accepted list, and text posing as a PDF", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(sniffFileKind(png, ["pdf"])).toBeNull();
    expect(sniffFileKind(Buffer.from("hello %PDF-"), ["pdf"])).toBeNull();
  });
});

describe("localFileStore", () => {
  it("writes, reads back and removes bytes under its root", async () => {
    const store = localFileStore(root);
    await store.put("event-1/abc", Buffer.from("bytes"));
    expect(await text(store.read("event-1/abc"))).toBe("bytes");
    await store.remove("event-1/abc");
    await expect(text(store.read("event-1/abc"))).rejects.toThrow();
  });

  it("never resolves a key outside its root", async () => {
    const store = localFileStore(root);
    await expect(store.put("../escape", Buffer.from("x"))).rejects.toThrow(/outside the store/);
  });
});
