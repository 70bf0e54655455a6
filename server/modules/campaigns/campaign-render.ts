import mjml2html from "mjml";
import {
  type CampaignBlock,
  type CampaignContent,
  type CampaignLanguageContent,
  campaignSubjectMax,
  type MergeTag,
  mergeTags,
} from "../../../contract/campaigns.js";
import { type Language, languages } from "../../../contract/common.js";
import type { MessageCode } from "../../../contract/error-messages.js";
import type { Config } from "../../config.js";
import type { Executor } from "../../db/connection.js";
import { AppError } from "../../platform/errors.js";
import { sampleRegistrationLink } from "../guests/invitation-links.js";
import { imageUrl } from "../images/images.service.js";
import type { campaigns } from "./campaigns.tables.js";
import { findVerifiedSender } from "./senders/senders.service.js";

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * A campaign's mail in one language, merge tags still in as `{{first_name}}`…: rendered once per campaign and
 * language, then `personalize`d per recipient by string replacement (no MJML per recipient).
 */
export type RenderedCampaign = { subject: string; previewText: string; html: string; text: string };

/** The width of the mail's body; images are drawn from their resized copy of this width. */
const imageWidth = 640;
const colors = { page: "#f3f5f8", body: "#ffffff", text: "#1f2933", muted: "#52606d", button: "#1c5dd6" };

export const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** Organizer text as HTML: escaped, its line breaks kept (no markup of the organizer's own reaches the mail). */
const textHtml = (text: string) => escapeHtml(text.trim()).replace(/\r?\n/g, "<br />");

/**
 * The language a recipient of `language` reads: that one when the campaign has content in it, otherwise the first of
 * fr, en, es that it has (a guest whose language the organizer did not write still gets the mail).
 */
export function contentLanguage(content: CampaignContent, language: Language): Language | undefined {
  const written = (candidate: Language) => (content[candidate]?.blocks.length ?? 0) > 0;
  if (written(language)) return language;
  return languages.find(written) ?? (content[language] ? language : languages.find((l) => content[l]));
}

function blockMjml(config: Pick<Config, "publicUrl">, block: CampaignBlock): string {
  switch (block.type) {
    case "title":
      return `<mj-text font-size="24px" line-height="32px" font-weight="700" color="${colors.text}"><h1 style="margin:0;font-size:24px;line-height:32px">${textHtml(block.text)}</h1></mj-text>`;
    case "text":
      return `<mj-text>${textHtml(block.text)}</mj-text>`;
    case "image":
      return `<mj-image src="${escapeHtml(imageUrl(config, block.imageId, imageWidth))}" alt="${escapeHtml(block.alt)}" href="${escapeHtml(block.url)}" />`;
    case "button":
      return `<mj-button href="${escapeHtml(block.url)}" background-color="${colors.button}" color="#ffffff" font-weight="600" border-radius="6px">${escapeHtml(block.label)}</mj-button>`;
    case "divider":
      return `<mj-divider border-width="1px" border-color="#d9e2ec" />`;
    case "spacer":
      return `<mj-spacer height="${block.height}px" />`;
    case "footer":
      return `<mj-text font-size="12px" line-height="18px" color="${colors.muted}" align="center">${textHtml(block.text)}</mj-text>`;
    case "columns":
      throw new Error("columns are drawn as a section");
    default:
      throw new Error(`unknown block ${(block as { type: string }).type}`);
  }
}

function sectionMjml(config: Pick<Config, "publicUrl">, block: CampaignBlock): string {
  if (block.type === "columns") {
    const columns = block.columns.map(
      (cell) => `<mj-column>${cell.map((inner) => blockMjml(config, inner)).join("")}</mj-column>`,
    );
    return `<mj-section background-color="${colors.body}">${columns.join("")}</mj-section>`;
  }
  return `<mj-section background-color="${colors.body}"><mj-column>${blockMjml(config, block)}</mj-column></mj-section>`;
}

/** The MJML of a language's content: one section per block, the columns block one column per cell. */
export function campaignMjml(
  config: Pick<Config, "publicUrl">,
  content: CampaignLanguageContent,
  language: Language,
): string {
  return [
    `<mjml lang="${language}"><mj-head>`,
    `<mj-title>${escapeHtml(content.subject)}</mj-title>`,
    content.previewText ? `<mj-preview>${escapeHtml(content.previewText)}</mj-preview>` : "",
    `<mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" />`,
    `<mj-text font-size="16px" line-height="24px" color="${colors.text}" /></mj-attributes>`,
    `</mj-head><mj-body background-color="${colors.page}" width="600px">`,
    `<mj-section padding="12px 0" />`,
    ...content.blocks.map((block) => sectionMjml(config, block)),
    `<mj-section padding="12px 0" />`,
    "</mj-body></mjml>",
  ].join("");
}

/** The plain-text twin, written from the blocks (not by stripping the HTML). */
export function campaignText(content: CampaignLanguageContent): string {
  const blockText = (block: CampaignBlock): string => {
    switch (block.type) {
      case "title":
      case "text":
      case "footer":
        return block.text.trim();
      case "image":
        return block.alt.trim() ? `[${block.alt.trim()}] ${block.url}` : block.url;
      case "button":
        return `${block.label.trim()}: ${block.url}`;
      case "divider":
        return "----------";
      case "spacer":
        return "";
      case "columns":
        return block.columns
          .flat()
          .map(blockText)
          .filter((part) => part !== "")
          .join("\n\n");
      default:
        return "";
    }
  };
  return `${content.blocks
    .map(blockText)
    .filter((part) => part !== "")
    .join("\n\n")}\n`;
}

/** Renders one language's content: MJML (strict) to HTML, and its plain text. 422 "Impossible to render email." */
export async function renderContent(
  config: Pick<Config, "publicUrl">,
  content: CampaignLanguageContent,
  language: Language,
): Promise<RenderedCampaign> {
  let html: string;
  try {
    const result = await mjml2html(campaignMjml(config, content, language), { validationLevel: "strict" });
    if (result.errors.length > 0) throw new Error(result.errors.map((error) => error.formattedMessage).join("; "));
    html = result.html;
  } catch {
    throw new AppError(422, "CAMPAIGN_RENDER_FAILED");
  }
  return { subject: content.subject, previewText: content.previewText, html, text: campaignText(content) };
}

/**
 * A campaign's mail in a language (or the language it falls back to, see `contentLanguage`), merge tags left in.
 * Nothing is cached: each call renders (N instances, and the content may have changed since).
 */
export async function renderCampaign(
  context: { config: Pick<Config, "publicUrl"> },
  campaign: Pick<CampaignRow, "content">,
  language: Language,
): Promise<RenderedCampaign> {
  const chosen = contentLanguage(campaign.content, language);
  const content = chosen && campaign.content[chosen];
  if (!chosen || !content) throw new AppError(422, "CAMPAIGN_RENDER_FAILED");
  return renderContent(context.config, content, chosen);
}

const mergeTagPattern = new RegExp(`\\{\\{(${mergeTags.join("|")})\\}\\}`, "g");

type Part = string | MergeTag;

/** A text cut at its merge tags once: literal parts and tag names alternate (odd indexes are tags). */
function cut(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(mergeTagPattern)) {
    parts.push(text.slice(last, match.index), match[1] as MergeTag);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

function fill(parts: Part[], values: Record<MergeTag, string>, encode: (value: string) => string): string {
  let out = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    out += encode(values[parts[index] as MergeTag] ?? "") + (parts[index + 1] as string);
  }
  return out;
}

const raw = (value: string) => value;

/**
 * Prepares a rendered mail for many recipients: the merge tags are found once, each call only joins strings.
 * Values are HTML-escaped in the HTML, left as they are in the subject, preview text and plain text.
 */
export function personalizer(rendered: RenderedCampaign): (values: Record<MergeTag, string>) => RenderedCampaign {
  const subject = cut(rendered.subject);
  const previewText = cut(rendered.previewText);
  const html = cut(rendered.html);
  const text = cut(rendered.text);
  return (values) => ({
    subject: fill(subject, values, raw),
    previewText: fill(previewText, values, raw),
    html: fill(html, values, escapeHtml),
    text: fill(text, values, raw),
  });
}

/** One recipient's mail: `personalizer(rendered)(values)`; prefer `personalizer` when mailing many. */
export function personalize(rendered: RenderedCampaign, values: Record<MergeTag, string>): RenderedCampaign {
  return personalizer(rendered)(values);
}

/** The values a preview or a test send shows in place of a guest's. */
export function sampleMergeValues(
  config: Pick<Config, "publicUrl">,
  event: { slug: string },
  language: Language,
): Record<MergeTag, string> {
  const names = { fr: ["Camille", "Martin"], en: ["Jane", "Doe"], es: ["Lucía", "García"] }[language];
  return {
    first_name: names[0] ?? "",
    last_name: names[1] ?? "",
    registration_link: sampleRegistrationLink(config, event, language),
    unsubscribe_link: `${config.publicUrl}/`,
  };
}

type FieldErrors = Record<string, { code: MessageCode }>;

/** The languages a campaign is written in: those with a subject or a block. */
export function writtenLanguages(content: CampaignContent): Language[] {
  return languages.filter((language) => {
    const written = content[language];
    return written !== undefined && (written.subject !== "" || written.blocks.length > 0);
  });
}

/** The content rules of SPEC §5 for one language, as field errors under `content.<language>`. */
export function contentErrors(content: CampaignContent): FieldErrors {
  const fields: FieldErrors = {};
  const written = writtenLanguages(content);
  if (written.length === 0) {
    fields[`content.${languages[0]}.subject`] = { code: "FIELD_REQUIRED" };
    return fields;
  }
  for (const language of written) {
    const { subject, blocks } = content[language] as CampaignLanguageContent;
    const at = `content.${language}`;
    if (subject.trim() === "") fields[`${at}.subject`] = { code: "FIELD_REQUIRED" };
    else if (subject.length > campaignSubjectMax) fields[`${at}.subject`] = { code: "CAMPAIGN_SUBJECT_TOO_LONG" };
    if (!blocks.some((block) => block.type === "footer" && block.text.trim() !== "")) {
      fields[`${at}.blocks`] = { code: "CAMPAIGN_FOOTER_REQUIRED" };
    }
    const checkUrl = (block: CampaignBlock, path: string) => {
      if ((block.type === "button" || block.type === "image") && !block.url?.trim()) {
        fields[`${path}.url`] = { code: "CAMPAIGN_TARGET_URL_REQUIRED" };
      }
    };
    blocks.forEach((block, index) => {
      checkUrl(block, `${at}.blocks.${index}`);
      if (block.type === "columns") {
        block.columns.forEach((cell, column) => {
          cell.forEach((inner, row) => {
            checkUrl(inner, `${at}.blocks.${index}.columns.${column}.${row}`);
          });
        });
      }
    });
  }
  return fields;
}

/**
 * SPEC §5 before a send: a subject (≤ 80) in every written language, a footer, a target URL on every button and image
 * (400 with a field error each), then a verified sender of the account (409 SENDER_NOT_VERIFIED).
 */
export async function validateForSend(
  executor: Executor,
  campaign: Pick<CampaignRow, "accountId" | "senderId" | "content">,
): Promise<void> {
  const fields = contentErrors(campaign.content);
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, first.code, { fields });
  await findVerifiedSender(executor, campaign.accountId, campaign.senderId);
}
