import type { AutoMailKind, AutoMailMergeTag, AutoMailText } from "../../../../contract/auto-mails.js";
import type { Language } from "../../../../contract/common.js";
import { type MailContent, transactionalFooter } from "../../../platform/mail-layout.js";
import type { EventRow } from "../../events/events.visibility.js";
import { eventDatesText } from "../../forms/submissions/submissions.mails.js";

/**
 * The texts an event's auto-mails read until the organizer writes their own. The confirmation's are the words the
 * registration mail always said, so an event that never opens the settings mails exactly as before.
 */
export const defaultTexts: Record<AutoMailKind, Record<Language, AutoMailText>> = {
  confirmation: {
    en: {
      subject: "Your registration for {{event_name}} is confirmed",
      body: "Your registration for {{event_name}} is confirmed. See you there!",
    },
    fr: {
      subject: "Votre inscription à {{event_name}} est confirmée",
      body: "Votre inscription à {{event_name}} est confirmée. À bientôt !",
    },
    es: {
      subject: "Su inscripción a {{event_name}} está confirmada",
      body: "Su inscripción a {{event_name}} está confirmada. ¡Hasta pronto!",
    },
  },
  reminder: {
    en: {
      subject: "Reminder: {{event_name}} is coming soon",
      body: "Hello {{first_name}} {{last_name}},\n\n{{event_name}} is coming soon, and we look forward to seeing you there.",
    },
    fr: {
      subject: "Rappel : {{event_name}} approche",
      body: "Bonjour {{first_name}} {{last_name}},\n\n{{event_name}} approche : nous avons hâte de vous y retrouver.",
    },
    es: {
      subject: "Recordatorio: {{event_name}} se acerca",
      body: "Hola {{first_name}} {{last_name}},\n\n{{event_name}} se acerca y esperamos verle allí.",
    },
  },
  thank_you: {
    en: {
      subject: "Thank you for attending {{event_name}}",
      body: "Hello {{first_name}} {{last_name}},\n\nThank you for attending {{event_name}}. We hope you enjoyed it, and we look forward to seeing you again.",
    },
    fr: {
      subject: "Merci d'avoir participé à {{event_name}}",
      body: "Bonjour {{first_name}} {{last_name}},\n\nMerci d'avoir participé à {{event_name}}. Nous espérons que vous l'avez apprécié et serons ravis de vous revoir.",
    },
    es: {
      subject: "Gracias por asistir a {{event_name}}",
      body: "Hola {{first_name}} {{last_name}},\n\nGracias por asistir a {{event_name}}. Esperamos que lo haya disfrutado y nos alegrará volver a verle.",
    },
  },
};

/** The reminder: a day before the start; the thank-you: a day after the end. */
export const defaultDays = 1;
/** A thank-you is due this many days at most past its day: switched on long after an event, it mails nobody. */
export const thankYouWindowDays = 7;

export type MergeValues = Record<AutoMailMergeTag, string>;

const tagPattern = /\{\{\s*(first_name|last_name|registration_link|event_name)\s*\}\}/g;

/** Fills the merge tags; an empty first name leaves no gap ("Hello ," reads "Hello,"). */
export function fillTags(text: string, values: MergeValues): string {
  return text
    .replace(tagPattern, (_, tag: AutoMailMergeTag) => values[tag])
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +,/g, ",")
    .replace(/^[ \t]+|[ \t]+$/gm, "");
}

const labels = {
  en: {
    companions: (count: number) => `You are registered with ${count} companion(s).`,
    when: (when: string, timezone: string) => `When: ${when} (${timezone}).`,
    where: "Where: ",
    action: "Open my member area",
  },
  fr: {
    companions: (count: number) => `Vous êtes inscrit avec ${count} accompagnant(s).`,
    when: (when: string, timezone: string) => `Quand : ${when} (${timezone}).`,
    where: "Où : ",
    action: "Ouvrir mon espace membre",
  },
  es: {
    companions: (count: number) => `Está inscrito con ${count} acompañante(s).`,
    when: (when: string, timezone: string) => `Cuándo: ${when} (${timezone}).`,
    where: "Dónde: ",
    action: "Abrir mi área de miembro",
  },
} satisfies Record<Language, unknown>;

export type AutoMailEvent = Pick<
  EventRow,
  "name" | "slug" | "startsAt" | "endsAt" | "allDay" | "timezone" | "venueName" | "address" | "whiteLabel"
>;

/**
 * An auto-mail in the platform's transactional layout: the organizer's subject as its title, each line of the body
 * as a paragraph, then what the guest needs to come (the confirmation and the reminder: dates, place; the
 * confirmation also the companions and the form's confirmation message), and the member area's button.
 */
export function autoMailContent(
  kind: AutoMailKind,
  language: Language,
  text: AutoMailText,
  details: { event: AutoMailEvent; values: MergeValues; memberUrl: string; companions?: number; message?: string },
): { subject: string; content: MailContent } {
  const { event, values } = details;
  const label = labels[language];
  const subject = fillTags(text.subject, values).replace(/\s+/g, " ").trim();
  const paragraphs = fillTags(text.body, values)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (kind === "confirmation" && details.companions) paragraphs.push(label.companions(details.companions));
  if (kind !== "thank_you") {
    paragraphs.push(label.when(eventDatesText(event, language), event.timezone));
    const place = [event.venueName, event.address].filter((part) => part?.trim()).join(", ");
    if (place) paragraphs.push(label.where + place);
  }
  if (kind === "confirmation" && details.message?.trim()) paragraphs.push(details.message.trim());
  return {
    subject,
    content: {
      title: subject,
      paragraphs,
      action: { label: label.action, url: details.memberUrl },
      footer: transactionalFooter(language, event),
    },
  };
}
