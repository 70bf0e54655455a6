import type { Language } from "../../../platform/language.js";
import { type MailContent, transactionalFooter } from "../../../platform/mail-layout.js";
import type { EventRow } from "../../events/events.visibility.js";
import { eventDatesText } from "../../forms/submissions/submissions.mails.js";
import { money } from "./documents.format.js";

/** The buyer's mails about an order (issue 5): its confirmation with tickets and invoice, a refund's notice. */

type Details = {
  event: Pick<
    EventRow,
    "name" | "startsAt" | "endsAt" | "allDay" | "timezone" | "venueName" | "address" | "whiteLabel"
  >;
  totalInclTaxCents: number;
  currency: string;
};

const placeOf = (event: Details["event"]) => [event.venueName, event.address].filter((part) => part?.trim()).join(", ");

export function orderConfirmationMail(language: Language, details: Details): { subject: string; content: MailContent } {
  const { event } = details;
  const total = money(details.totalInclTaxCents, details.currency, language);
  const when = eventDatesText(event, language);
  const place = placeOf(event);
  const text = {
    en: {
      subject: `Your order for ${event.name} is confirmed`,
      paid: `Thank you for your order of ${total}.`,
      attached:
        "Your tickets (one page per ticket, with its QR code to show at the entrance) and your invoice are attached to this mail.",
      when: `When: ${when} (${event.timezone}).`,
      where: `Where: ${place}`,
    },
    fr: {
      subject: `Votre commande pour ${event.name} est confirmée`,
      paid: `Merci pour votre commande de ${total}.`,
      attached:
        "Vos billets (une page par billet, avec son QR code à présenter à l'entrée) et votre facture sont joints à cet e-mail.",
      when: `Quand : ${when} (${event.timezone}).`,
      where: `Où : ${place}`,
    },
    es: {
      subject: `Su pedido para ${event.name} está confirmado`,
      paid: `Gracias por su pedido de ${total}.`,
      attached:
        "Sus entradas (una página por entrada, con su código QR para presentar en la entrada) y su factura se adjuntan a este correo.",
      when: `Cuándo: ${when} (${event.timezone}).`,
      where: `Dónde: ${place}`,
    },
  }[language];
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs: [text.paid, text.attached, text.when, ...(place ? [text.where] : [])],
      footer: transactionalFooter(language, event),
    },
  };
}

export function refundNoticeMail(language: Language, details: Details): { subject: string; content: MailContent } {
  const { event } = details;
  const amount = money(Math.abs(details.totalInclTaxCents), details.currency, language);
  const text = {
    en: {
      subject: `Refund of your order for ${event.name}`,
      refunded: `${amount} of your order for ${event.name} has been refunded. The tickets refunded are no longer valid.`,
      attached: "The credit note of this refund is attached to this mail.",
    },
    fr: {
      subject: `Remboursement de votre commande pour ${event.name}`,
      refunded: `${amount} de votre commande pour ${event.name} vous ont été remboursés. Les billets remboursés ne sont plus valables.`,
      attached: "L'avoir de ce remboursement est joint à cet e-mail.",
    },
    es: {
      subject: `Reembolso de su pedido para ${event.name}`,
      refunded: `Se le han reembolsado ${amount} de su pedido para ${event.name}. Las entradas reembolsadas ya no son válidas.`,
      attached: "La factura rectificativa de este reembolso se adjunta a este correo.",
    },
  }[language];
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs: [text.refunded, text.attached],
      footer: transactionalFooter(language, event),
    },
  };
}
