import type { CaptchaChallenge, CaptchaSolution } from "../../contract/captcha";

/** Hashes computed together before the page gets the main thread back: small enough to keep typing smooth. */
const batchSize = 500;

const bytesOfHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

function sameBytes(buffer: ArrayBuffer, expected: Uint8Array) {
  const bytes = new Uint8Array(buffer);
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);
}

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Finds the number hidden in a challenge by trying each one with Web Crypto, in batches between which the page stays
 * responsive. Resolves null when no number matches (a tampered challenge) or when `signal` aborts.
 */
export async function solveCaptcha(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<CaptchaSolution | null> {
  const encoder = new TextEncoder();
  const target = bytesOfHex(challenge.challenge);
  for (let start = 0; start <= challenge.maxnumber; start += batchSize) {
    if (signal?.aborted) return null;
    const end = Math.min(start + batchSize - 1, challenge.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, index) => start + index);
    const hashes = await Promise.all(
      numbers.map((number) => crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + number))),
    );
    const found = hashes.findIndex((hash) => sameBytes(hash, target));
    if (found >= 0) {
      const { algorithm, salt, signature } = challenge;
      return { algorithm, challenge: challenge.challenge, salt, signature, number: start + found };
    }
    await yieldToPage();
  }
  return null;
}
