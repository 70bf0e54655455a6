import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * `npm run bench` runs every benchmark, `npm run bench -- forms guests` only those named. Each runs in a process of
 * its own, so one benchmark's database and memory never weigh on the next.
 */
const benchmarks: Record<string, string> = {
  api: "run.ts",
  guests: "guests.ts",
  forms: "forms.ts",
  campaigns: "campaigns.ts",
  ticketing: "ticketing.ts",
  checkin: "checkin.ts",
  web: "web.ts",
  public: "public.ts",
  "sale-drivers": "sale-drivers.ts",
};
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(", ")}: choose among ${Object.keys(benchmarks).join(", ")}`);
  process.exit(2);
}
for (const name of asked.length > 0 ? asked : Object.keys(benchmarks)) {
  const file = path.join(import.meta.dirname, benchmarks[name] ?? "");
  const run = spawnSync(process.execPath, ["--import", "tsx", file], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
