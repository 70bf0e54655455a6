import { z } from "zod";
import { commaList, type Language } from "./common.js";
import { type civilities, type createdSources, guestListQuery, guestStatusSchema, type MailStatus } from "./guests.js";
import { spreadsheetQuery } from "./spreadsheet.js";

/** The list's filters without its paging and order: what an export or a grouped action selects. */
export const guestFilterSchema = guestListQuery.omit({
  limit: true,
  offset: true,
  cursor: true,
  sort: true,
  direction: true,
});
export type GuestFilter = z.input<typeof guestFilterSchema>;

const idList = commaList(z.string().uuid("NOT_FOUND")).pipe(z.array(z.string()).max(2_000));

/** GET users/export: the list's filters and order, an optional selection of ids, the file's format and language. */
export const guestExportQuery = guestListQuery
  .omit({ limit: true, offset: true, cursor: true })
  .extend({ ...spreadsheetQuery.shape, ids: idList });
export type GuestExportQuery = z.input<typeof guestExportQuery>;

/** POST users/bulk: the guests are the ids, or every guest matching the filter (both: the ids matching it). */
export const guestBulkBody = z
  .object({
    selection: z.object({
      ids: z.array(z.string().uuid("NOT_FOUND")).max(10_000).optional(),
      filter: guestFilterSchema.optional(),
    }),
    action: z.discriminatedUnion("type", [
      z.object({ type: z.literal("setStatus"), status: guestStatusSchema }),
      z.object({ type: z.literal("delete") }),
    ]),
  })
  .refine((body) => body.selection.ids !== undefined || body.selection.filter !== undefined, {
    message: "FIELD_REQUIRED",
    path: ["selection"],
  });
export type GuestBulkBody = z.input<typeof guestBulkBody>;

export const guestBulkResult = z.object({
  updated: z.number().int().optional(),
  deleted: z.number().int().optional(),
  /** Ids asked for that were not deleted (not guests of the event, or holding a ticket); with a filter, the ticket holders kept. */
  notDeleted: z.array(z.string()),
});
export type GuestBulkResult = z.infer<typeof guestBulkResult>;

/** Header and value texts of an exported file, in the language asked for: the server writes them, not the browser. */
type Labels = {
  columns: Record<(typeof exportColumns)[number], string>;
  status: Record<z.infer<typeof guestStatusSchema>, string>;
  mailStatus: Record<MailStatus, string>;
  civility: Record<(typeof civilities)[number], string>;
  createdSource: Record<(typeof createdSources)[number], string>;
  /** Name of the spreadsheet's one sheet. */
  sheet: string;
  yes: string;
  no: string;
};

export const exportColumns = [
  "id",
  "civility",
  "firstName",
  "lastName",
  "email",
  "company",
  "jobTitle",
  "phone",
  "status",
  "mailStatus",
  "registered",
  "registeredAt",
  "companionsExpected",
  "namelessCompanions",
  "host",
  "godfather",
  "prescriber",
  "createdSource",
  "createdAt",
  "updatedAt",
] as const;

export const exportLabels: Record<Language, Labels> = {
  en: {
    columns: {
      id: "Id",
      civility: "Civility",
      firstName: "First name",
      lastName: "Last name",
      email: "Email address",
      company: "Company",
      jobTitle: "Job title",
      phone: "Phone",
      status: "Status",
      mailStatus: "Mail status",
      registered: "Registered",
      registeredAt: "Registered on",
      companionsExpected: "Companions expected",
      namelessCompanions: "Nameless companions",
      host: "Companion of",
      godfather: "Godfather",
      prescriber: "Prescriber",
      createdSource: "Created from",
      createdAt: "Created",
      updatedAt: "Modified",
    },
    status: {
      not_responded: "Not responded",
      refused: "Has refused the invitation",
      pending_approval: "Pending approval",
      rejected: "Rejected",
      confirmed: "Confirmed",
      cancelled: "Has cancelled",
      to_be_seen: "To be seen",
    },
    mailStatus: {
      queued: "Queued",
      pending: "Pending",
      sent: "Sent",
      delivered: "Delivered",
      opened: "Opened",
      clicked: "Clicked",
      unsubscribed: "Unsubscribed",
      blocked: "Blocked",
      bounce: "Bounce",
      error: "Error",
    },
    civility: { mr: "Mr", mrs: "Mrs", mx: "Mx" },
    createdSource: {
      admin: "Added by an organizer",
      import: "Import",
      api: "API",
      registration: "Registration",
      recommendation: "Recommendation",
      companion: "Companion",
    },
    sheet: "Guests",
    yes: "Yes",
    no: "No",
  },
  fr: {
    columns: {
      id: "Identifiant",
      civility: "Civilité",
      firstName: "Prénom",
      lastName: "Nom",
      email: "Adresse e-mail",
      company: "Société",
      jobTitle: "Fonction",
      phone: "Téléphone",
      status: "Statut",
      mailStatus: "Statut e-mail",
      registered: "Inscrit",
      registeredAt: "Inscrit le",
      companionsExpected: "Accompagnants attendus",
      namelessCompanions: "Accompagnants anonymes",
      host: "Accompagnant de",
      godfather: "Parrain",
      prescriber: "Prescripteur",
      createdSource: "Origine",
      createdAt: "Créé le",
      updatedAt: "Modifié le",
    },
    status: {
      not_responded: "Sans réponse",
      refused: "A refusé l'invitation",
      pending_approval: "En attente de validation",
      rejected: "Refusé",
      confirmed: "Confirmé",
      cancelled: "A annulé",
      to_be_seen: "À voir",
    },
    mailStatus: {
      queued: "En file d'attente",
      pending: "En attente",
      sent: "Envoyé",
      delivered: "Délivré",
      opened: "Ouvert",
      clicked: "Cliqué",
      unsubscribed: "Désinscrit",
      blocked: "Bloqué",
      bounce: "Rejeté",
      error: "Erreur",
    },
    civility: { mr: "M.", mrs: "Mme", mx: "Mx" },
    createdSource: {
      admin: "Ajouté par un organisateur",
      import: "Import",
      api: "API",
      registration: "Inscription",
      recommendation: "Recommandation",
      companion: "Accompagnant",
    },
    sheet: "Invités",
    yes: "Oui",
    no: "Non",
  },
  es: {
    columns: {
      id: "Identificador",
      civility: "Tratamiento",
      firstName: "Nombre",
      lastName: "Apellidos",
      email: "Correo electrónico",
      company: "Empresa",
      jobTitle: "Cargo",
      phone: "Teléfono",
      status: "Estado",
      mailStatus: "Estado del correo",
      registered: "Inscrito",
      registeredAt: "Inscrito el",
      companionsExpected: "Acompañantes previstos",
      namelessCompanions: "Acompañantes sin nombre",
      host: "Acompañante de",
      godfather: "Padrino",
      prescriber: "Prescriptor",
      createdSource: "Origen",
      createdAt: "Creado el",
      updatedAt: "Modificado",
    },
    status: {
      not_responded: "Sin respuesta",
      refused: "Ha rechazado la invitación",
      pending_approval: "Pendiente de aprobación",
      rejected: "Rechazado",
      confirmed: "Confirmado",
      cancelled: "Ha cancelado",
      to_be_seen: "Por ver",
    },
    mailStatus: {
      queued: "En cola",
      pending: "Pendiente",
      sent: "Enviado",
      delivered: "Entregado",
      opened: "Abierto",
      clicked: "Clic",
      unsubscribed: "Dado de baja",
      blocked: "Bloqueado",
      bounce: "Rebotado",
      error: "Error",
    },
    civility: { mr: "Sr.", mrs: "Sra.", mx: "Mx" },
    createdSource: {
      admin: "Añadido por un organizador",
      import: "Importación",
      api: "API",
      registration: "Inscripción",
      recommendation: "Recomendación",
      companion: "Acompañante",
    },
    sheet: "Invitados",
    yes: "Sí",
    no: "No",
  },
};
