import type { Executor } from "../../../db/connection.js";
import type { PendingWrite } from "../../../db/prepared.js";
import type { AppContext } from "../../../platform/context.js";
import type { Language } from "../../../platform/language.js";
import { type MailContent, transactionalFooter } from "../../../platform/mail-layout.js";
import type { EventRow } from "../../events/events.visibility.js";

/** What a registration's confirmation mail is about: the guest who registered, in the language of the form. */
export type RegistrationConfirmation = {
  event: EventRow;
  guest: { id: string; email: string; firstName: string; lastName: string; status: string };
  language: Language;
  companions: number;
  /** The form's confirmation message, in the registration's language. */
  message: string;
};

declare module "../../../platform/context.js" {
  interface ModuleHooks {
    /**
     * The registration's confirmation, read in its transaction as the event's auto-mail settings say (campaigns, which
     * sits above forms): the mail's write, sent with the registration's by its unit of work, or none when switched off
     * or the address is rejected.
     */
    registrationConfirmation: (
      context: AppContext,
      executor: Executor,
      registration: RegistrationConfirmation,
    ) => Promise<PendingWrite | undefined>;
  }
}

type EventDetails = Pick<
  EventRow,
  "name" | "startsAt" | "endsAt" | "allDay" | "timezone" | "venueName" | "address" | "whiteLabel"
>;

const locales: Record<Language, string> = { en: "en-GB", fr: "fr-FR", es: "es-ES" };

/** Building an Intl formatter costs more than a whole registration's SQL: one per language, timezone and kind. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function datesFormat(language: Language, timezone: string, allDay: boolean) {
  const key = `${language} ${timezone} ${allDay}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], {
      timeZone: timezone,
      dateStyle: "full",
      ...(!allDay && { timeStyle: "short" }),
    });
    formatters.set(key, format);
  }
  return format;
}

/** The event's dates as its guests read them: in the event's own timezone, whatever the server's. */
export function eventDatesText(event: EventDetails, language: Language): string {
  const format = datesFormat(language, event.timezone, event.allDay);
  if (!event.endsAt) return format.format(event.startsAt);
  return format.formatRange(event.startsAt, event.endsAt);
}

/**
 * The mail a registration sends (issue 4 "a localized confirmation mail"): confirmed or awaiting the organizer's
 * approval, the event's name, dates and place, the organizer's confirmation message, and the member area's link where
 * the guest signs in to see or change the registration.
 */
export function registrationMail(
  language: Language,
  details: { event: EventDetails; pending: boolean; companions: number; message: string; memberUrl: string },
): { subject: string; content: MailContent } {
  const { event, pending, companions, message } = details;
  const name = event.name;
  const when = eventDatesText(event, language);
  const text = {
    en: {
      subject: pending ? `Your registration request for ${name}` : `Your registration for ${name} is confirmed`,
      status: pending
        ? `We have received your registration for ${name}. The organizer will review it: you will hear from them soon.`
        : `Your registration for ${name} is confirmed. See you there!`,
      companions: `You are registered with ${companions} companion(s).`,
      when: `When: ${when} (${event.timezone}).`,
      where: "Where: ",
      action: "Open my member area",
    },
    fr: {
      subject: pending ? `Votre demande d'inscription à ${name}` : `Votre inscription à ${name} est confirmée`,
      status: pending
        ? `Nous avons bien reçu votre inscription à ${name}. L'organisateur va l'examiner : il reviendra vers vous prochainement.`
        : `Votre inscription à ${name} est confirmée. À bientôt !`,
      companions: `Vous êtes inscrit avec ${companions} accompagnant(s).`,
      when: `Quand : ${when} (${event.timezone}).`,
      where: "Où : ",
      action: "Ouvrir mon espace membre",
    },
    es: {
      subject: pending ? `Su solicitud de inscripción a ${name}` : `Su inscripción a ${name} está confirmada`,
      status: pending
        ? `Hemos recibido su inscripción a ${name}. El organizador la revisará y se pondrá en contacto con usted pronto.`
        : `Su inscripción a ${name} está confirmada. ¡Hasta pronto!`,
      companions: `Está inscrito con ${companions} acompañante(s).`,
      when: `Cuándo: ${when} (${event.timezone}).`,
      where: "Dónde: ",
      action: "Abrir mi área de miembro",
    },
  }[language];
  const place = [event.venueName, event.address].filter((part) => part?.trim()).join(", ");
  const paragraphs = [
    text.status,
    ...(companions > 0 ? [text.companions] : []),
    text.when,
    ...(place ? [text.where + place] : []),
    ...(message.trim() ? [message.trim()] : []),
  ];
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs,
      action: { label: text.action, url: details.memberUrl },
      footer: transactionalFooter(language, event),
    },
  };
}
