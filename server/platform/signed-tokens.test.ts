import { describe, expect, it } from "vitest";
import { idOfSignedToken, signedIdToken } from "./signed-tokens.js";

const id = "0b6c2f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";

describe("signed id tokens", () => {
  it("verifies its own token and answers the id", () => {
    const token = signedIdToken("secret", "invitation", id);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    expect(idOfSignedToken("secret", "invitation", token)).toBe(id);
  });

  it("refuses another secret, another purpose, an altered id or signature, and malformed tokens", () => {
    const token = signedIdToken("secret", "invitation", id);
    const [, signature = ""] = token.split(".");
    expect(idOfSignedToken("other", "invitation", token)).toBeUndefined();
    expect(idOfSignedToken("secret", "recipient", token)).toBeUndefined();
    expect(idOfSignedToken("secret", "invitation", `${id.replace(/^0/, "1")}.${signature}`)).toBeUndefined();
    expect(idOfSignedToken("secret", "invitation", `${id}.${signature.slice(1)}a`)).toBeUndefined();
    expect(idOfSignedToken("secret", "invitation", `${id}.${signature}.x`)).toBeUndefined();
    expect(idOfSignedToken("secret", "invitation", "not-a-uuid.abc")).toBeUndefined();
    expect(idOfSignedToken("secret", "invitation", "")).toBeUndefined();
  });
});
