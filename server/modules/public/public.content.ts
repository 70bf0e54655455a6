import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PublicContent } from "../../../contract/public-content.js";
import type { AppContext } from "../../platform/context.js";
import { isLanguage, type Language } from "../../platform/language.js";
import {
  type PublicContentScope,
  publicPartners,
  publicPartnersImage,
  publicSpeakers,
} from "../content/content.public.js";
import { publicMenu } from "../content/custom-pages.service.js";
import { publicDocuments } from "../content/documents.service.js";
import { publicPhotos } from "../content/photos.service.js";
import { publicProgram } from "../content/programs.service.js";
import { requirePublicEvent } from "../events/events.visibility.js";

/**
 * The content of a public event's page in one answer (issue 21): one statement finds the event, then one per kind
 * (its images joined), sent together. An event without its multilang module speaks its preferred language whatever the page asks, as its
 * public answer does (public.service.ts).
 */
export async function getPublicContent(context: AppContext, slug: string, asked: Language): Promise<PublicContent> {
  const event = await requirePublicEvent(context.db, slug);
  const preferredLanguage = isLanguage(event.preferredLanguage) ? event.preferredLanguage : "en";
  const scope: PublicContentScope = {
    executor: context.db,
    config: context.config,
    eventId: event.id,
    language: event.modules.multilang ? asked : preferredLanguage,
    preferredLanguage,
  };
  const { singleImagePartners, misc } = event.modules;
  // Documents and photos are the event's miscellaneous tools: none shows while that module is off (nor its custom
  // pages, which publicMenu leaves out itself).
  const [speakers, partners, partnersImage, program, documents, photos, pages] = await Promise.all([
    publicSpeakers(scope),
    singleImagePartners ? [] : publicPartners(scope),
    singleImagePartners ? publicPartnersImage(scope, event.partnersImageId) : null,
    publicProgram(scope.executor, event.id, scope.language),
    misc ? publicDocuments({ ...scope, slug: event.slug }) : [],
    misc ? publicPhotos(scope) : [],
    publicMenu(context.db, event, scope.language),
  ]);
  return { speakers, partners, partnersImage, program, documents, photos, pages };
}

/**
 * Public data every visitor shares: caches may keep it a minute, then ask again with the ETag (a hash of the answer,
 * cheap beside reading it) and get a 304 without the body when nothing changed.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T | FastifyReply {
  const etag = `"${createHash("sha1").update(JSON.stringify(answer)).digest("base64url")}"`;
  reply.headers({ "cache-control": "public, max-age=60", etag, vary: "accept-language" });
  const asked = request.headers["if-none-match"];
  if (asked?.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag)) {
    return reply.status(304).send();
  }
  return answer;
}
