import { createHash, randomBytes } from "node:crypto";

/** A fresh secret for a link or a session: 256 random bits, URL-safe. Only its hash is stored. */
export function newSecret(prefix = ""): string {
  return prefix + randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
