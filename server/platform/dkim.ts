import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";

/** nodemailer's `dkim` transport/message option for one key. */
export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

type KeyTable = Map<string, DkimOptions>;

/** The keys of each configured directory, read once: a new key takes effect at the next start. */
const keyTables = new Map<string, KeyTable>();

/**
 * Reads `<domain>.<selector>.pem` files: the selector is the last dot-separated part before `.pem`, the domain what
 * precedes it (example.com.mail2026.pem: domain example.com, selector mail2026). When a domain has several files, the
 * last by name wins (name selectors by date to rotate: mail2025, mail2026).
 */
function keyTableOf(directory: string): KeyTable {
  const known = keyTables.get(directory);
  if (known) return known;
  const table: KeyTable = new Map();
  const names = readdirSync(directory)
    .filter((name) => name.toLowerCase().endsWith(".pem"))
    .sort();
  for (const name of names) {
    const parts = name.slice(0, -".pem".length).split(".");
    const keySelector = parts.pop();
    const domainName = parts.join(".").toLowerCase();
    if (!keySelector || !domainName.includes(".")) continue;
    const privateKey = readFileSync(path.join(directory, name), "utf8");
    if (!privateKey.includes("PRIVATE KEY")) continue;
    table.set(domainName, { domainName, keySelector, privateKey });
  }
  keyTables.set(directory, table);
  return table;
}

/** The domain of `someone@example.com` or `Name <someone@example.com>`, lower-cased. */
export function domainOfAddress(address: string): string | undefined {
  const bracketed = /<([^<>]*)>\s*$/.exec(address);
  const email = (bracketed?.[1] ?? address).trim();
  const at = email.lastIndexOf("@");
  if (at < 0) return undefined;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return domain || undefined;
}

/**
 * nodemailer's `dkim` option for a mail from `fromEmail`, when DKIM_KEYS_DIR holds a key for its domain or a parent
 * domain (a signature by example.com aligns with news.example.com under DMARC's relaxed alignment). Undefined
 * otherwise: the mail leaves unsigned.
 */
export function dkimOptionsFor(config: Pick<Config, "dkimKeysDir">, fromEmail: string): DkimOptions | undefined {
  if (!config.dkimKeysDir) return undefined;
  const domain = domainOfAddress(fromEmail);
  if (!domain) return undefined;
  const table = keyTableOf(config.dkimKeysDir);
  const labels = domain.split(".");
  for (let start = 0; start < labels.length - 1; start++) {
    const found = table.get(labels.slice(start).join("."));
    if (found) return found;
  }
  return undefined;
}
