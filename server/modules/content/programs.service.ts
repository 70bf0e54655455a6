import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Language } from "../../../contract/common.js";
import type { Program, ProgramSpeaker, PublicProgram, programBody } from "../../../contract/programs.js";
import type { Executor } from "../../db/connection.js";
import { fieldError } from "../../platform/errors.js";
import { inList } from "./ordered-content.js";
import { orderedContentService } from "./ordered-content.service.js";
import { programSpeakers, programs } from "./programs.tables.js";
import { speakers } from "./speakers.tables.js";

/* SPEC §7 programs: an event's program sections, an ordered content list per language (ordered-content.service.ts). */

type ProgramRow = typeof programs.$inferSelect & { speakerIds: string[] };
type ProgramValues = z.output<typeof programBody>;

/** The speakers of each section, in their order, by section. */
async function speakerIdsOf(executor: Executor, programIds: string[]): Promise<Map<string, string[]>> {
  const links = await executor
    .select({ programId: programSpeakers.programId, speakerId: programSpeakers.speakerId })
    .from(programSpeakers)
    .where(inArray(programSpeakers.programId, programIds))
    .orderBy(asc(programSpeakers.position));
  const byProgram = new Map<string, string[]>();
  for (const link of links) byProgram.set(link.programId, [...(byProgram.get(link.programId) ?? []), link.speakerId]);
  return byProgram;
}

/** The named speakers, by id (of one event: the ids come from its sections). */
async function speakersById(executor: Executor, rows: { speakerIds: string[] }[]) {
  const ids = [...new Set(rows.flatMap((row) => row.speakerIds))];
  if (ids.length === 0) return new Map<string, ProgramSpeaker>();
  const found = await executor
    .select({
      id: speakers.id,
      name: speakers.name,
      job: speakers.job,
      company: speakers.company,
      photoImageId: speakers.photoImageId,
    })
    .from(speakers)
    .where(inArray(speakers.id, ids));
  return new Map(found.map((speaker) => [speaker.id, speaker]));
}

const speakersOf = (row: { speakerIds: string[] }, known: Map<string, ProgramSpeaker>) =>
  row.speakerIds.flatMap((id) => known.get(id) ?? []);

export const programsService = orderedContentService<ProgramRow, ProgramValues, Program>({
  kind: "program",
  table: programs,
  notReordered: "PROGRAMS_NOT_REORDERED",
  expansions: {
    speakers: async (_context, executor, rows) => {
      const known = await speakersById(executor, rows);
      return (row) => speakersOf(row, known);
    },
  },
  async check(executor, event, values) {
    if (!event.languages.includes(values.language)) throw fieldError("language", "LANGUAGE_NOT_OF_EVENT");
    if (values.speakerIds.length === 0) return;
    const found = await executor
      .select({ id: speakers.id })
      .from(speakers)
      .where(and(eq(speakers.eventId, event.id), inArray(speakers.id, values.speakerIds)));
    if (found.length !== values.speakerIds.length) throw fieldError("speakerIds", "FIELD_INVALID");
  },
  async related(executor, rows) {
    const byProgram = await speakerIdsOf(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, speakerIds: byProgram.get(row.id) ?? [] }));
  },
  async saved(executor, row, values) {
    await executor.delete(programSpeakers).where(eq(programSpeakers.programId, row.id));
    if (values.speakerIds.length === 0) return;
    await executor
      .insert(programSpeakers)
      .values(values.speakerIds.map((speakerId, position) => ({ programId: row.id, speakerId, position })));
  },
  view: (row) => ({
    id: row.id,
    eventId: row.eventId,
    language: row.language,
    position: row.position,
    title: row.title,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    location: row.location,
    description: row.description,
    speakerIds: row.speakerIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  audited: (row) => ({
    language: row.language,
    title: row.title,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    location: row.location,
    description: row.description,
    speakerIds: row.speakerIds,
  }),
  columns: ({ speakerIds: _links, startsAt, endsAt, ...values }) => ({
    ...values,
    startsAt: startsAt ? new Date(startsAt) : null,
    endsAt: endsAt ? new Date(endsAt) : null,
  }),
});

/**
 * The event's program in one language as its public page shows it: the sections in their order, each with its
 * speakers' names. The caller has found the event public; which languages the page may ask is its own rule.
 */
export async function publicProgram(executor: Executor, eventId: string, language: Language): Promise<PublicProgram[]> {
  const rows = await executor
    .select()
    .from(programs)
    .where(inList(programs, { eventId, language }))
    .orderBy(asc(programs.position));
  if (rows.length === 0) return [];
  const byProgram = await speakerIdsOf(
    executor,
    rows.map((row) => row.id),
  );
  const sections = rows.map((row) => ({ ...row, speakerIds: byProgram.get(row.id) ?? [] }));
  const known = await speakersById(executor, sections);
  return sections.map((row) => ({
    id: row.id,
    title: row.title,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    location: row.location,
    description: row.description,
    speakers: speakersOf(row, known).map(({ id, name, job, company }) => ({ id, name, job, company })),
  }));
}
