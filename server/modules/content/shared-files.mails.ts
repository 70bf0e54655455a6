import type { Language } from "../../platform/language.js";
import { type MailContent, transactionalFooter } from "../../platform/mail-layout.js";

/**
 * The notice that a file waits for the guest in the member area, in the guest's language. It links to the member area,
 * not to the file: the guest signs in there (a link in a mail read days later must not open anything by itself).
 */
export function sharedFileMail(
  language: Language,
  details: { url: string; fileName: string; event: { name: string; whiteLabel: { mails: boolean } } },
): { subject: string; content: MailContent } {
  const { fileName, url } = details;
  const eventName = details.event.name;
  const text = {
    en: {
      subject: `${eventName}: a file for you`,
      intro: `The organizers of ${eventName} have shared a file with you: ${fileName}.`,
      where: "You will find it in your member area, where you can download it once signed in.",
      action: "Open my member area",
    },
    fr: {
      subject: `${eventName} : un fichier pour vous`,
      intro: `Les organisateurs de ${eventName} ont partagé un fichier avec vous : ${fileName}.`,
      where: "Vous le trouverez dans votre espace membre, où vous pourrez le télécharger une fois connecté.",
      action: "Ouvrir mon espace membre",
    },
    es: {
      subject: `${eventName}: un archivo para usted`,
      intro: `Los organizadores de ${eventName} han compartido un archivo con usted: ${fileName}.`,
      where: "Lo encontrará en su área de miembro, donde podrá descargarlo una vez conectado.",
      action: "Abrir mi área de miembro",
    },
  }[language];
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs: [text.intro, text.where],
      action: { label: text.action, url },
      footer: transactionalFooter(language, details.event),
    },
  };
}
